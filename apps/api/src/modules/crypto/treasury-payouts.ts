import { and, eq, inArray } from 'drizzle-orm';
import type { Address, Hash } from 'viem';
import { treasuryPayouts, wallets } from '../../db/schema';
import { one } from '../../db/rows';
import { publish, type EventBus } from '../../events/event-bus';
import { crashPoint } from '../../lib/crash-points';
import { journaled, resumeSend, settleSend } from './chain-journal';
import type { CryptoContext } from './context';
import { stepRetries } from './step-retries';

type Row = typeof treasuryPayouts.$inferSelect;

/**
 * payout.requested: another module (the partner programme) asks the treasury to pay a person. The
 * request becomes a row once per (purpose, ref); the signing process sends it on its next pass.
 */
export function subscribeTreasuryPayouts(events: EventBus, wake: () => void, chainAddress: (userId: number) => string) {
  events.subscribe('payout.requested', 'crypto-treasury-payout', async (event, tx, afterCommit) => {
    const { userId, amount, purpose, refId } = event.payload;
    // The deposit watcher follows the addresses of the wallets table: the payout's must be there.
    await tx
      .insert(wallets)
      .values({ userId, address: chainAddress(userId) })
      .onConflictDoNothing();
    await tx
      .insert(treasuryPayouts)
      .values({ userId, amount, purpose, refId, status: 'REQUESTED' })
      .onConflictDoNothing();
    afterCommit(wake);
  });
}

/**
 * Sends requested payouts from the treasury to the person's custodial address: REQUESTED ->
 * PROCESSING -> SENT (mined) or FAILED. The transfer is journaled with its hash on the row before it
 * is broadcast, so a restarted leader resends the same bytes (one nonce: never paid twice). The
 * deposit watcher then credits the arrival as a REWARD, like any money reaching the address.
 */
export function createTreasuryPayoutSender(ctx: CryptoContext, log: { error(obj: object, msg: string): void }) {
  const retries = stepRetries(ctx.db, 'payout');
  async function settle(row: Row, outcome: 'SENT' | 'FAILED', error?: string) {
    await ctx.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(treasuryPayouts)
        .set({ status: outcome, error: error ?? null })
        .where(and(eq(treasuryPayouts.id, row.id), eq(treasuryPayouts.status, 'PROCESSING')))
        .returning();
      if (!claimed) return;
      await publish(tx, 'payout.settled', {
        userId: row.userId,
        purpose: row.purpose,
        refId: row.refId,
        outcome: outcome === 'SENT' ? 'paid' : 'failed',
      });
    });
  }

  async function transmit(row: Row) {
    const options = journaled(ctx, { purpose: 'payout', refId: row.id }, (tx, signed) =>
      tx
        .update(treasuryPayouts)
        .set({ txHash: signed?.hash ?? null })
        .where(eq(treasuryPayouts.id, row.id)),
    );
    try {
      await ctx.chain.transferUsdt(
        { kind: 'treasury' },
        ctx.chain.addressOf(row.userId) as Address,
        BigInt(row.amount),
        options,
      );
    } catch (error) {
      const saved = one(await ctx.db.select().from(treasuryPayouts).where(eq(treasuryPayouts.id, row.id)));
      // Journaled: the same bytes go out on the next pass; failing it now could pay twice.
      if (saved.txHash) log.error({ err: error, payoutId: row.id }, 'payout broadcast failed, resending');
      else {
        log.error({ err: error, payoutId: row.id }, 'payout could not be sent');
        await settle(saved, 'FAILED', 'TRANSFER_NOT_SENT');
      }
      return;
    }
    crashPoint('payout.sent');
  }

  async function follow(row: Row) {
    const receipt = await ctx.chain.receipt(row.txHash as Hash);
    if (!receipt) {
      if ((await resumeSend(ctx, row.txHash!)) === 'dropped') {
        await ctx.db.update(treasuryPayouts).set({ txHash: null }).where(eq(treasuryPayouts.id, row.id));
        await transmit({ ...row, txHash: null });
      }
      return;
    }
    await settleSend(ctx, row.txHash!, receipt.status === 'reverted' ? 'reverted' : 'mined');
    await settle(
      row,
      receipt.status === 'reverted' ? 'FAILED' : 'SENT',
      receipt.status === 'reverted' ? 'TRANSACTION_REVERTED' : undefined,
    );
  }

  async function run() {
    const rows = await ctx.db
      .select()
      .from(treasuryPayouts)
      .where(inArray(treasuryPayouts.status, ['REQUESTED', 'PROCESSING']))
      .orderBy(treasuryPayouts.id);
    await retries.each(
      rows,
      async (row) => {
        if (row.status === 'REQUESTED') {
          const [claimed] = await ctx.db
            .update(treasuryPayouts)
            .set({ status: 'PROCESSING' })
            .where(and(eq(treasuryPayouts.id, row.id), eq(treasuryPayouts.status, 'REQUESTED')))
            .returning();
          if (claimed) await transmit(claimed);
        } else if (!row.txHash) {
          // Claimed but never signed (the journal writes the hash before any broadcast): send it now.
          await transmit(row);
        } else await follow(row);
      },
      (row, error, { tries, parked }) =>
        log.error(
          { err: error, payoutId: row.id, tries },
          parked ? 'payout step parked after its last try' : 'payout step failed, trying again later',
        ),
    );
  }

  return { run };
}
