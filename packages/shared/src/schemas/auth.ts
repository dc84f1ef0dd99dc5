import { z } from 'zod';
import { SUPPORTED_LOCALES } from '../constants';
import { MSG } from '../validation/messages';
import {
  birthdaySchema,
  emailSchema,
  genderSchema,
  maxLengthMessage,
  minLengthMessage,
  nicknameSchema,
  passwordSchema,
  promocodeSchema,
  requiredText,
} from '../validation/rules';

/** Request and response shapes of /api/user: the API validates with them, the forms derive from them. */

export const NAME_MAX_LENGTH = 50;
export const nameSchema = requiredText(NAME_MAX_LENGTH);

export const phoneSchema = z
  .string({ error: MSG.required })
  .trim()
  .regex(/^\+?[0-9][0-9 ()-]{4,19}$/, { error: MSG.invalidPhone });

export const countrySchema = z
  .string({ error: MSG.required })
  .trim()
  .regex(/^[A-Za-z]{2}$/, { error: MSG.invalidValue })
  .transform((v) => v.toUpperCase());

export const localeSchema = z.enum(SUPPORTED_LOCALES, { error: MSG.invalidValue });

/** An empty promo code field means none. */
export const optionalPromocodeSchema = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  promocodeSchema.optional(),
);

export const codeSchema = z
  .string({ error: MSG.required })
  .trim()
  .regex(/^\d{6}$/, { error: MSG.invalidCode });

/** POST /user/email/verify/check with the code in the body: it stays out of URLs and logs. */
export const verifyCodeRequestSchema = z.object({ code: codeSchema });

/** Profile fields; each optional, checked when present. `minAge` comes from the server config. */
export function profileFieldsSchema(options: { minAge?: number; now?: () => Date } = {}) {
  return z.object({
    firstName: nameSchema.optional(),
    lastName: nameSchema.optional(),
    surName: z
      .string()
      .trim()
      .max(NAME_MAX_LENGTH, { error: maxLengthMessage(NAME_MAX_LENGTH) })
      .optional(),
    domain: nicknameSchema.optional(),
    gender: genderSchema.optional(),
    birthday: birthdaySchema(options).optional(),
    phone: phoneSchema.optional(),
    country: countrySchema.optional(),
    locale: localeSchema.optional(),
  });
}

export function registerRequestSchema(options: { minAge?: number; now?: () => Date } = {}) {
  return profileFieldsSchema(options).extend({
    email: emailSchema,
    password: passwordSchema,
    promocode: optionalPromocodeSchema,
  });
}

export const profileUpdateRequestSchema = profileFieldsSchema;

export const loginRequestSchema = z.object({
  email: emailSchema,
  // Login checks presence only: strength rules apply when a password is set, not when it is typed.
  password: z
    .string({ error: MSG.required })
    .min(1, { error: MSG.required })
    .max(128, { error: maxLengthMessage(128) }),
});

export const recoverySendCodeRequestSchema = z.object({ email: emailSchema });

export const recoveryCheckCodeRequestSchema = z.object({
  email: emailSchema,
  code: codeSchema,
  password: passwordSchema,
});

export const FEEDBACK_MESSAGE_MIN = 10;
export const FEEDBACK_MESSAGE_MAX = 4000;
export const feedbackRequestSchema = z.object({
  name: requiredText(80),
  email: emailSchema,
  message: z
    .string({ error: MSG.required })
    .trim()
    .min(1, { error: MSG.required })
    .min(FEEDBACK_MESSAGE_MIN, { error: minLengthMessage(FEEDBACK_MESSAGE_MIN) })
    .max(FEEDBACK_MESSAGE_MAX, { error: maxLengthMessage(FEEDBACK_MESSAGE_MAX) }),
});

/** After a code is sent: when another may be asked for, and how long this one lives. */
export const codeSentSchema = z.object({ resendIn: z.number().int(), expiresIn: z.number().int() });
export type CodeSent = z.infer<typeof codeSentSchema>;

export const domainAvailableSchema = z.object({ available: z.boolean() });

export const okSchema = z.object({ ok: z.literal(true) });

/** What anyone may see of a user (GET /api/user/profile/{id}): never e-mail, phone or birthday. */
export const publicProfileSchema = z.object({
  id: z.number().int(),
  domain: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  gender: z.number().int().nullable(),
  age: z.number().int().nullable(),
  avatar: z.string().nullable(),
  /** KYC approved: the blue checkmark (a map card's field, so everyone sees it). */
  verified: z.boolean(),
  /** These two, lastName and gender are null for a viewer who sees only the map card's fields. */
  emailVerified: z.boolean().nullable(),
  createdAt: z.string().nullable(),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;
