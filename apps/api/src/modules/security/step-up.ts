import { eq } from 'drizzle-orm';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import { EMAIL_CODE_TTL_MINUTES, type Locale } from '@app/shared/constants';
import type { CodeSent } from '@app/shared/schemas/auth';
import type { StepUpProof } from '@app/shared/schemas/security';
import { isPrivateRelay } from '@app/shared/schemas/user';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { AccountLimits } from '../../lib/account-limits';
import { AppError } from '../../lib/app-error';
import { verifyPassword } from '../../lib/password';
import type { SecretBox } from '../../lib/secret-box';
import type { Mailer } from '../mail/mailer';
import { consumeCode, issueCode, type CodeHasher } from '../user/email-codes';
import { useRecoveryCode, type RecoveryHasher } from './recovery-codes';
import { hasTotp, verifyTotp } from './totp';

/** Wrong proofs a person may give in 15 minutes before step-up waits (a stolen token guessing). */
const FAILURES = { points: 10, duration: 15 * 60 };

export interface StepUpDeps {
  db: Db;
  box: SecretBox;
  hashCode: CodeHasher;
  hashRecovery: RecoveryHasher;
  mailer: Mailer;
  limits: AccountLimits;
  redis?: Redis;
}

/**
 * The fresh proof asked before money leaves or the account changes hands (decision 020). Without
 * TOTP: the password, or a code mailed to the person. With TOTP: its code or a recovery code, and
 * nothing else, so a stolen token plus a leaked password still moves no money.
 */
export function createStepUp(deps: StepUpDeps) {
  const { db } = deps;
  const failures = deps.redis
    ? new RateLimiterRedis({ storeClient: deps.redis, keyPrefix: 'acct:stepUp', ...FAILURES })
    : new RateLimiterMemory({ keyPrefix: 'stepUp', ...FAILURES });

  async function refuseWhileLimited(userId: number) {
    const state = await failures.get(String(userId));
    if (state && state.consumedPoints >= FAILURES.points) {
      throw new AppError('RATE_LIMITED', { retryAfter: Math.max(1, Math.ceil(state.msBeforeNext / 1000)) });
    }
  }

  async function failed(userId: number, code: 'STEP_UP_INVALID' | 'CODE_EXPIRED' | 'CODE_ATTEMPTS_EXCEEDED') {
    await failures.penalty(String(userId), 1);
    throw new AppError(code);
  }

  async function checkMailedCode(userId: number, code: string) {
    try {
      await consumeCode(db, deps.hashCode, userId, 'step_up', code);
    } catch (error) {
      if (error instanceof AppError && error.code === 'INVALID_CODE') return failed(userId, 'STEP_UP_INVALID');
      if (error instanceof AppError && (error.code === 'CODE_EXPIRED' || error.code === 'CODE_ATTEMPTS_EXCEEDED'))
        return failed(userId, error.code);
      throw error;
    }
  }

  return {
    /** Throws STEP_UP_REQUIRED, STEP_UP_TOTP_REQUIRED or STEP_UP_INVALID unless `proof` holds. */
    async verify(userId: number, proof: StepUpProof | undefined): Promise<void> {
      await refuseWhileLimited(userId);
      const given = proof ?? {};
      if (await hasTotp(db, userId)) {
        if (given.totp !== undefined) {
          if (!(await verifyTotp(db, deps.box, userId, given.totp))) await failed(userId, 'STEP_UP_INVALID');
          return;
        }
        if (given.recoveryCode !== undefined) {
          if (!(await useRecoveryCode(db, deps.hashRecovery, userId, given.recoveryCode)))
            await failed(userId, 'STEP_UP_INVALID');
          return;
        }
        throw new AppError('STEP_UP_TOTP_REQUIRED');
      }
      if (given.password !== undefined) {
        const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
        if (!row?.passwordHash || !(await verifyPassword(given.password, row.passwordHash)))
          await failed(userId, 'STEP_UP_INVALID');
        return;
      }
      if (given.code !== undefined) return checkMailedCode(userId, given.code);
      if (given.totp !== undefined || given.recoveryCode !== undefined) return failed(userId, 'STEP_UP_INVALID');
      throw new AppError('STEP_UP_REQUIRED');
    },

    /** Mails a step-up code to the signed-in person; the code is only ever checked for them. */
    async sendCode(userId: number): Promise<CodeSent> {
      const [row] = await db.select().from(users).where(eq(users.id, userId));
      if (!row) throw new AppError('TOKEN_INVALID');
      if (isPrivateRelay(row.email)) throw new AppError('PRIVATE_RELAY_EMAIL');
      await deps.limits.consume('codeSend', `step_up:${userId}`);
      const { code, ...sent } = await issueCode(db, deps.hashCode, userId, 'step_up');
      await deps.mailer.send({
        to: row.email,
        locale: row.locale as Locale,
        template: { name: 'step_up', values: { code, minutes: EMAIL_CODE_TTL_MINUTES } },
      });
      return sent;
    },
  };
}
export type StepUp = ReturnType<typeof createStepUp>;
