import { z } from 'zod';
import { MSG, withValues } from '../validation/messages';
import { unknownMacros } from './cpa-programme';
import { amountSchema } from './crypto';
import { maxLengthMessage, requiredText } from '../validation/rules';

/** Where a partner link sends people (GET /api/cpa/landings): the home page or a partner landing. */
export const CPA_LANDINGS = ['/', '/l/meet', '/l/earn'] as const;
export type CpaLanding = (typeof CPA_LANDINGS)[number];

export const CPA_LINK_NAME_MAX = 100;
export const CPA_CALLBACK_URL_MAX = 2000;

/**
 * The partner's callback: an http(s) address, macros such as {uid} or {action} allowed anywhere in
 * it. Whether it resolves to a public address is checked when a postback is sent, not here.
 */
const callbackUrlSchema = z
  .string({ error: MSG.invalidUrl })
  .trim()
  .max(CPA_CALLBACK_URL_MAX, { error: maxLengthMessage(CPA_CALLBACK_URL_MAX) })
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.length > 0;
      } catch {
        return false;
      }
    },
    { error: MSG.invalidUrl },
  )
  .superRefine((value, ctx) => {
    const unknown = unknownMacros(value);
    if (unknown.length)
      ctx.addIssue({
        code: 'custom',
        message: withValues(MSG.unknownMacro, { names: unknown.map((n) => `{${n}}`).join(', ') }),
      });
  });

/** SPEC.md section 5: an empty callbackUrl is dropped from the payload; the server reads it as none. */
const emptyAsMissing = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export const cpaLinkCreateSchema = z.object({
  name: requiredText(CPA_LINK_NAME_MAX),
  landing: z.enum(CPA_LANDINGS, { error: MSG.invalidValue }),
  callbackUrl: z.preprocess(emptyAsMissing, callbackUrlSchema.optional()),
});
/** What the browser sends (the preprocessing hides its shape from z.input), and what the server works with once parsed. */
export interface CpaLinkCreateInput {
  name: string;
  landing: CpaLanding;
  callbackUrl?: string;
}
export type CpaLinkCreate = z.output<typeof cpaLinkCreateSchema>;

/** PATCH: any of the fields; callbackUrl null (or empty) removes the callback. */
export const cpaLinkUpdateSchema = z
  .object({
    name: requiredText(CPA_LINK_NAME_MAX).optional(),
    landing: z.enum(CPA_LANDINGS, { error: MSG.invalidValue }).optional(),
    callbackUrl: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
      callbackUrlSchema.nullable().optional(),
    ),
  })
  .refine((patch) => Object.values(patch).some((v) => v !== undefined), { error: MSG.required });
export interface CpaLinkUpdateInput {
  name?: string;
  landing?: CpaLanding;
  callbackUrl?: string | null;
}
export type CpaLinkUpdate = z.output<typeof cpaLinkUpdateSchema>;

export const cpaLinkSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  landing: z.enum(CPA_LANDINGS),
  callbackUrl: z.string().nullable(),
  /** The address to share: the landing with cpa=<id>; the partner appends uid=<click id>. */
  url: z.string(),
  /** Visitors counted through the link (once per visitor), and people who registered through it. */
  hits: z.number().int().min(0),
  regs: z.number().int().min(0),
  /** Revenue from the link's people, the partner's income from it (approved and paid rewards), and what was paid out. */
  value: amountSchema,
  profit: amountSchema,
  paid: amountSchema,
  /** The callback answered 410 Gone: no postbacks until a callback URL is saved again. */
  callbackDisabled: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type CpaLink = z.infer<typeof cpaLinkSchema>;

export const cpaLinkListSchema = z.object({ links: z.array(cpaLinkSchema) });
export type CpaLinkList = z.infer<typeof cpaLinkListSchema>;

/** GET /api/cpa/links {userId}: the signed-in person's links; another person's only for admins. */
export const cpaLinkListQuerySchema = z.object({ userId: z.coerce.number().int().positive().optional() });

export const cpaLinkIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

export const cpaLandingListSchema = z.object({ landings: z.array(z.enum(CPA_LANDINGS)) });
