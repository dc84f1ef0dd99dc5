import { z } from 'zod';
import { MSG } from '../validation/messages';
import { emailSchema, passwordSchema } from '../validation/rules';
import { codeSchema } from './auth';

/** Digits of an authenticator app's code (RFC 6238, 30-second steps). */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Recovery codes issued at enrolment; each works once. */
export const RECOVERY_CODE_COUNT = 10;

export const totpCodeSchema = z
  .string({ error: MSG.required })
  .trim()
  .regex(/^\d{6}$/, { error: MSG.invalidCode });

/** Two groups of four letters or digits; the hyphen and case are optional when typed. */
export const recoveryCodeSchema = z
  .string({ error: MSG.required })
  .trim()
  .regex(/^[A-Za-z0-9]{4}-?[A-Za-z0-9]{4}$/, { error: MSG.invalidCode });

/**
 * A fresh proof that the person at the keyboard owns the account, sent in the body of a withdrawal,
 * an e-mail or password change, and the two-factor switches (decision 020). One of the fields is
 * enough; which ones count depends on whether the person enrolled TOTP.
 */
export const stepUpProofSchema = z.object({
  password: z.string().min(1).max(200).optional(),
  /** The code of POST /api/user/step-up/send-code. */
  code: codeSchema.optional(),
  totp: totpCodeSchema.optional(),
  recoveryCode: recoveryCodeSchema.optional(),
});
export type StepUpProof = z.infer<typeof stepUpProofSchema>;

export const stepUpBodySchema = z.object({ stepUp: stepUpProofSchema.optional() });

export const totpStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
});
export type TotpStatus = z.infer<typeof totpStatusSchema>;

/** A new secret waiting for its first code; the app scans `uri` (shown as a QR code). */
export const totpSetupSchema = z.object({ secret: z.string(), uri: z.string() });
export type TotpSetup = z.infer<typeof totpSetupSchema>;

export const totpConfirmRequestSchema = z.object({ code: totpCodeSchema });

/** Shown once: only hashes are kept. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const passwordChangeRequestSchema = stepUpBodySchema.extend({ password: passwordSchema });
export const emailChangeRequestSchema = stepUpBodySchema.extend({ email: emailSchema });

/** The mailed link that lets a withdrawal to a new address go before the wait is over. */
export const withdrawAddressConfirmRequestSchema = z.object({
  id: z.coerce.number().int().positive(),
  token: z.string().min(16).max(128),
});
export const withdrawAddressConfirmedSchema = z.object({
  address: z.string(),
  /** Withdrawals to it that were waiting and go out now. */
  released: z.number().int(),
});
export type WithdrawAddressConfirmed = z.infer<typeof withdrawAddressConfirmedSchema>;

/** GET /api/user/staff-access: what the admin area asks of this sign-in (decision 029). */
export const staffAccessSchema = z.object({
  /** The account is a moderator or an admin. */
  staff: z.boolean(),
  /** The server asks staff for TOTP (off only on test servers). */
  required: z.boolean(),
  /** The account has TOTP on. */
  enrolled: z.boolean(),
  /** When this sign-in last proved it, and until when that opens the admin area. */
  provenAt: z.string().nullable(),
  validUntil: z.string().nullable(),
  /** Until when money and KYC decisions go through without a new code. */
  freshUntil: z.string().nullable(),
  /** How long a proof opens the admin area, and how long it counts as fresh. */
  sessionHours: z.number(),
  freshMinutes: z.number(),
});
export type StaffAccess = z.infer<typeof staffAccessSchema>;

/** POST /api/user/staff-access: a code from the authenticator app, or one recovery code. */
export const staffProveRequestSchema = z
  .object({ totp: totpCodeSchema.optional(), recoveryCode: recoveryCodeSchema.optional() })
  .refine((v) => (v.totp === undefined) !== (v.recoveryCode === undefined), {
    error: 'Give either a code from the app or a recovery code',
  });
export type StaffProveRequest = z.infer<typeof staffProveRequestSchema>;
