import { eq } from 'drizzle-orm';
import type { RecoveryCodes, StepUpProof, TotpSetup, TotpStatus } from '@app/shared/schemas/security';
import type { Db } from '../../db/client';
import { totpCredentials, totpRecoveryCodes, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { SecretBox } from '../../lib/secret-box';
import { issueRecoveryCodes, recoveryCodesLeft, type RecoveryHasher } from './recovery-codes';
import type { StepUp } from './step-up';
import { matchingStep, newTotpSecret, totpFor } from './totp';

/** A secret shown for scanning must get its first code within this time, or set-up starts again. */
const SETUP_TTL_MS = 15 * 60_000;

/**
 * Enrolment, recovery codes and switching off. Turning TOTP on needs a step-up (the password or a
 * mailed code): otherwise a stolen session could enrol its own authenticator and then pass every
 * step-up with it. Once on, only its code or a recovery code changes anything (decision 020).
 */
export function createTotpService(deps: { db: Db; box: SecretBox; hashRecovery: RecoveryHasher; stepUp: StepUp }) {
  const { db } = deps;

  async function credentialOf(userId: number) {
    const [row] = await db.select().from(totpCredentials).where(eq(totpCredentials.userId, userId));
    return row;
  }

  return {
    async status(userId: number): Promise<TotpStatus> {
      const row = await credentialOf(userId);
      const enabled = Boolean(row?.enabledAt);
      return {
        enabled,
        enabledAt: row?.enabledAt?.toISOString() ?? null,
        recoveryCodesLeft: enabled ? await recoveryCodesLeft(db, userId) : 0,
      };
    },

    async setup(userId: number, proof: StepUpProof | undefined): Promise<TotpSetup> {
      if ((await credentialOf(userId))?.enabledAt) throw new AppError('TOTP_ALREADY_ENABLED');
      await deps.stepUp.verify(userId, proof);
      const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      const secret = newTotpSecret();
      const sealedSecret = deps.box.seal(secret);
      await db
        .insert(totpCredentials)
        .values({ userId, sealedSecret })
        .onConflictDoUpdate({
          target: totpCredentials.userId,
          set: { sealedSecret, enabledAt: null, lastStep: null, createdAt: new Date() },
        });
      return { secret, uri: totpFor(secret, user!.email).toString() };
    },

    /** The first code proves the app holds the secret; the answer carries the recovery codes, once. */
    async confirm(userId: number, code: string, now = Date.now()): Promise<RecoveryCodes> {
      const row = await credentialOf(userId);
      if (row?.enabledAt) throw new AppError('TOTP_ALREADY_ENABLED');
      if (!row || now - row.createdAt.getTime() > SETUP_TTL_MS) throw new AppError('TOTP_SETUP_REQUIRED');
      const step = matchingStep(deps.box.open(row.sealedSecret), code, now);
      if (step === null) throw new AppError('TOTP_CODE_INVALID');
      const recoveryCodes = await db.transaction(async (tx) => {
        await tx
          .update(totpCredentials)
          .set({ enabledAt: new Date(now), lastStep: step })
          .where(eq(totpCredentials.userId, userId));
        return issueRecoveryCodes(tx, deps.hashRecovery, userId);
      });
      return { recoveryCodes };
    },

    async disable(userId: number, proof: StepUpProof | undefined): Promise<void> {
      if (!(await credentialOf(userId))?.enabledAt) throw new AppError('TOTP_NOT_ENABLED');
      await deps.stepUp.verify(userId, proof);
      await db.transaction(async (tx) => {
        await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
        await tx.delete(totpCredentials).where(eq(totpCredentials.userId, userId));
      });
    },

    /** New recovery codes (the old ones stop working), after a TOTP or recovery-code step-up. */
    async renewRecoveryCodes(userId: number, proof: StepUpProof | undefined): Promise<RecoveryCodes> {
      if (!(await credentialOf(userId))?.enabledAt) throw new AppError('TOTP_NOT_ENABLED');
      await deps.stepUp.verify(userId, proof);
      return { recoveryCodes: await db.transaction((tx) => issueRecoveryCodes(tx, deps.hashRecovery, userId)) };
    },
  };
}
export type TotpService = ReturnType<typeof createTotpService>;
