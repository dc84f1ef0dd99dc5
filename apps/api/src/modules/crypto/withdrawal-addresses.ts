import crypto from 'node:crypto';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { WithdrawAddressConfirmed } from '@app/shared/schemas/security';
import type { Tx } from '../../db/client';
import { cryptoTransactions, withdrawAddresses } from '../../db/schema';
import { one } from '../../db/rows';
import { AppError } from '../../lib/app-error';
import type { CryptoContext } from './context';

type AddressRow = typeof withdrawAddresses.$inferSelect;

/**
 * The mailed link's token: a keyed hash of the address row, so nothing secret is stored and a copy
 * of the database alone cannot confirm an address.
 */
export function addressConfirmToken(secret: string, row: Pick<AddressRow, 'id' | 'userId' | 'address'>): string {
  return crypto
    .createHmac('sha256', secret)
    .update(`withdraw-address:${row.id}:${row.userId}:${row.address}`)
    .digest('base64url');
}

/**
 * Until when a withdrawal to `address` waits: null for an address confirmed by its link or first
 * used at least `hours` ago. The first withdrawal to an address records it.
 */
export async function holdUntil(tx: Tx, userId: number, address: string, hours: number, now: Date) {
  const lower = address.toLowerCase();
  await tx.insert(withdrawAddresses).values({ userId, address: lower, createdAt: now }).onConflictDoNothing();
  const row = one(
    await tx
      .select()
      .from(withdrawAddresses)
      .where(and(eq(withdrawAddresses.userId, userId), eq(withdrawAddresses.address, lower))),
  );
  const until = new Date(row.createdAt.getTime() + hours * 3600_000);
  return row.confirmedAt || until <= now ? null : until;
}

/** The mailed link: the address counts as known, and withdrawals waiting for it go out now. */
export async function confirmAddress(ctx: CryptoContext, id: number, token: string): Promise<WithdrawAddressConfirmed> {
  const result = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(withdrawAddresses).where(eq(withdrawAddresses.id, id)).for('update');
    const expected = row ? Buffer.from(addressConfirmToken(ctx.withdrawals.linkSecret, row)) : Buffer.alloc(0);
    const given = Buffer.from(token);
    if (!row || expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) {
      throw new AppError('WITHDRAW_ADDRESS_LINK_INVALID');
    }
    if (!row.confirmedAt)
      await tx.update(withdrawAddresses).set({ confirmedAt: new Date() }).where(eq(withdrawAddresses.id, id));
    const released = await tx
      .update(cryptoTransactions)
      .set({ heldUntil: null })
      .where(
        and(
          eq(cryptoTransactions.userId, row.userId),
          eq(cryptoTransactions.type, 'OUTPUT'),
          inArray(cryptoTransactions.status, ['REQUESTED']),
          isNotNull(cryptoTransactions.heldUntil),
          eq(sql`lower(${cryptoTransactions.counterparty})`, row.address),
        ),
      )
      .returning({ id: cryptoTransactions.id });
    return { address: row.address, released: released.length };
  });
  if (result.released) ctx.wake();
  return result;
}
