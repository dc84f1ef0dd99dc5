import crypto from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import {
  EMAIL_CODE_LENGTH,
  EMAIL_CODE_MAX_ATTEMPTS,
  EMAIL_CODE_RESEND_SECONDS,
  EMAIL_CODE_TTL_MINUTES,
} from '@app/shared/constants';
import type { CodeSent } from '@app/shared/schemas/auth';
import type { Db, Tx } from '../../db/client';
import { emailCodes, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';

export type CodePurpose = 'verify_email' | 'recovery' | 'step_up';

/** Codes are kept only as an HMAC bound to user and purpose, so a database leak reveals none. */
export function createCodeHasher(secret: string) {
  return (purpose: CodePurpose, userId: number, code: string) =>
    crypto.createHmac('sha256', secret).update(`${purpose}:${userId}:${code}`).digest('hex');
}
export type CodeHasher = ReturnType<typeof createCodeHasher>;

const randomCode = () => String(crypto.randomInt(0, 10 ** EMAIL_CODE_LENGTH)).padStart(EMAIL_CODE_LENGTH, '0');

/**
 * A new 6-digit code, unless the last one is younger than the resend wait. Earlier codes stop
 * working. The user's row is locked so two requests at once cannot both pass the wait.
 */
export async function issueCode(
  db: Db,
  hash: CodeHasher,
  userId: number,
  purpose: CodePurpose,
  now = new Date(),
  /** The HMAC of the asking client's address (requesterOf), for codes whose guesses it binds. */
  requester?: string,
): Promise<CodeSent & { code: string }> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [last] = await tx
      .select({ createdAt: emailCodes.createdAt })
      .from(emailCodes)
      .where(and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, purpose)))
      .orderBy(desc(emailCodes.createdAt))
      .limit(1);
    const waited = last ? (now.getTime() - last.createdAt.getTime()) / 1000 : Infinity;
    if (waited < EMAIL_CODE_RESEND_SECONDS) {
      throw new AppError('CODE_RESEND_WAIT', { retryAfter: Math.ceil(EMAIL_CODE_RESEND_SECONDS - waited) });
    }
    await tx
      .update(emailCodes)
      .set({ consumedAt: now })
      .where(and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, purpose), isNull(emailCodes.consumedAt)));
    const code = randomCode();
    await tx.insert(emailCodes).values({
      userId,
      purpose,
      codeHash: hash(purpose, userId, code),
      requester: requester ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + EMAIL_CODE_TTL_MINUTES * 60_000),
    });
    return { code, resendIn: EMAIL_CODE_RESEND_SECONDS, expiresIn: EMAIL_CODE_TTL_MINUTES * 60 };
  });
}

type CheckResult = 'ok' | 'INVALID_CODE' | 'CODE_EXPIRED' | 'CODE_ATTEMPTS_EXCEEDED';

/** The HMAC that stands for a client address on a code (the address itself is not stored). */
export const requesterOf = (hash: CodeHasher, purpose: CodePurpose, userId: number, address: string) =>
  hash(purpose, userId, `requester:${address}`);

/**
 * Who is guessing, for a code bound to the client that asked for it: a guess from another
 * address never counts on the code, it spends `foreignGuess` (a limit of its own) instead.
 */
export interface CodeGuesser {
  requester: string;
  foreignGuess: () => Promise<void>;
}

/**
 * Uses up the current code when it matches. A wrong guess counts (and the count is kept even
 * though the call fails); after five the code is dead and a new one is needed. With `guesser`,
 * only the asking client's guesses count on the code.
 */
export async function consumeCode(
  db: Db,
  hash: CodeHasher,
  userId: number,
  purpose: CodePurpose,
  code: string,
  onSuccess?: (tx: Tx) => Promise<void>,
  now = new Date(),
  guesser?: CodeGuesser,
): Promise<void> {
  const result = await db.transaction(async (tx): Promise<CheckResult> => {
    const [current] = await tx
      .select()
      .from(emailCodes)
      .where(and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, purpose), isNull(emailCodes.consumedAt)))
      .orderBy(desc(emailCodes.createdAt))
      .limit(1)
      .for('update');
    if (!current) return 'INVALID_CODE';
    if (current.expiresAt <= now) return 'CODE_EXPIRED';
    const foreign = guesser !== undefined && current.requester !== null && current.requester !== guesser.requester;
    if (foreign) await guesser.foreignGuess();
    else if (current.attempts >= EMAIL_CODE_MAX_ATTEMPTS) return 'CODE_ATTEMPTS_EXCEEDED';
    const expected = Buffer.from(current.codeHash, 'hex');
    const actual = Buffer.from(hash(purpose, userId, code), 'hex');
    if (!crypto.timingSafeEqual(expected, actual)) {
      if (foreign) return 'INVALID_CODE';
      const attempts = current.attempts + 1;
      await tx.update(emailCodes).set({ attempts }).where(eq(emailCodes.id, current.id));
      return attempts >= EMAIL_CODE_MAX_ATTEMPTS ? 'CODE_ATTEMPTS_EXCEEDED' : 'INVALID_CODE';
    }
    await tx.update(emailCodes).set({ consumedAt: now }).where(eq(emailCodes.id, current.id));
    await onSuccess?.(tx);
    return 'ok';
  });
  if (result !== 'ok') throw new AppError(result);
}
