import crypto from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import { RECOVERY_CODE_COUNT } from '@app/shared/schemas/security';
import type { Db, Tx } from '../../db/client';
import { totpRecoveryCodes } from '../../db/schema';

/** No 0/O, 1/I: the codes are read off paper. */
const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const normalize = (code: string) => code.replace(/-/g, '').toUpperCase();

/** Codes have 40 random bits each, so a keyed hash (no slow hash) is enough at rest. */
export function createRecoveryHasher(secret: string) {
  return (userId: number, code: string) =>
    crypto
      .createHmac('sha256', secret)
      .update(`${userId}:${normalize(code)}`)
      .digest('hex');
}
export type RecoveryHasher = ReturnType<typeof createRecoveryHasher>;

function randomCode(): string {
  const chars = Array.from({ length: 8 }, () => ALPHABET[crypto.randomInt(ALPHABET.length)]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
}

/** Replaces the person's recovery codes with new ones and answers them (the only time they are seen). */
export async function issueRecoveryCodes(tx: Tx, hash: RecoveryHasher, userId: number): Promise<string[]> {
  await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(randomCode());
  await tx.insert(totpRecoveryCodes).values([...codes].map((code) => ({ userId, codeHash: hash(userId, code) })));
  return [...codes];
}

/** Spends a recovery code; false when it is unknown or already used. One update, so it works once. */
export async function useRecoveryCode(db: Db, hash: RecoveryHasher, userId: number, code: string): Promise<boolean> {
  const used = await db
    .update(totpRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(totpRecoveryCodes.userId, userId),
        eq(totpRecoveryCodes.codeHash, hash(userId, code)),
        isNull(totpRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: totpRecoveryCodes.id });
  return used.length > 0;
}

export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(totpRecoveryCodes)
    .where(and(eq(totpRecoveryCodes.userId, userId), isNull(totpRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}
