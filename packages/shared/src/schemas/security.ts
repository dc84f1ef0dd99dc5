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
