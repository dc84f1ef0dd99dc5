import { z } from 'zod';
import { optionalPromocodeSchema } from '@app/shared/schemas/auth';
import { MSG } from '@app/shared/validation/messages';
import { emailSchema, passwordSchema } from '@app/shared/validation/rules';

/**
 * The registration request's own rules plus what only the form asks: the repeated password and the
 * consent. A module of its own so the form loads it (and zod) when it is needed.
 */
export const registerFormSchema = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    passwordConfirm: z.string({ error: MSG.required }).min(1, { error: MSG.required }),
    promocode: optionalPromocodeSchema,
    consent: z.boolean().refine((v) => v, { error: MSG.consentRequired }),
  })
  .refine((v) => v.password === v.passwordConfirm, { error: MSG.passwordMismatch, path: ['passwordConfirm'] });

export type RegisterFormValues = z.input<typeof registerFormSchema>;
