import { and, eq, isNotNull } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '@app/shared/schemas/security';
import type { Db } from '../../db/client';
import { totpCredentials } from '../../db/schema';
import type { SecretBox } from '../../lib/secret-box';

export const TOTP_ISSUER = 'Meet Nearby';
/** Codes of the step before and after count too: phones' clocks drift. */
const WINDOW = 1;

export function totpFor(base32Secret: string, label: string) {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(base32Secret),
  });
}

/** A fresh 160-bit secret (RFC 4226's recommended length), base32 as authenticator apps expect. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The 30-second step a code of `secret` belongs to, or null when it matches none near `now`. */
export function matchingStep(base32Secret: string, code: string, now: number): number | null {
  const delta = totpFor(base32Secret, 'check').validate({ token: code, timestamp: now, window: WINDOW });
  if (delta === null) return null;
  return Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** Whether the person has a confirmed TOTP enrolment (staff must, see the admin area). */
export async function hasTotp(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: totpCredentials.userId })
    .from(totpCredentials)
    .where(and(eq(totpCredentials.userId, userId), isNotNull(totpCredentials.enabledAt)));
  return Boolean(row);
}

/**
 * Checks a code against the person's confirmed enrolment and spends its step: a code (or an older
 * one) that was accepted once is refused afterwards, so a code seen over a shoulder or in a proxy
 * cannot be replayed within its 90 seconds. The row is locked, so two requests with one code
 * cannot both pass.
 */
export async function verifyTotp(db: Db, box: SecretBox, userId: number, code: string, now = Date.now()) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(totpCredentials)
      .where(and(eq(totpCredentials.userId, userId), isNotNull(totpCredentials.enabledAt)))
      .for('update');
    if (!row) return false;
    const step = matchingStep(box.open(row.sealedSecret), code, now);
    if (step === null || (row.lastStep !== null && step <= row.lastStep)) return false;
    await tx.update(totpCredentials).set({ lastStep: step }).where(eq(totpCredentials.userId, userId));
    return true;
  });
}
