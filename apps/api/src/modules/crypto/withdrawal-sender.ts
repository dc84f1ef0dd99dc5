import { and, eq, isNull, lte, ne, or } from 'drizzle-orm';
import type { Address, Hash } from 'viem';
import type { ErrorCode } from '@app/shared/errors';
import { cryptoTransactions } from '../../db/schema';
import { one } from '../../db/rows';
import type { CryptoContext } from './context';
import { stepRetries } from './step-retries';
import { lockWallet, move, post } from './ledger';
import { toTransaction } from './representations';
import { journaled, resumeSend, settleSend } from './chain-journal';
import { confirmationsAt, readFinality } from './finality';
import { crashPoint } from '../../lib/crash-points';
import { publish } from '../../events/event-bus';

type Row = typeof cryptoTransactions.$inferSelect;
/** What a finished withdrawal's row may change; its failure reason is a catalogue code. */
type Outcome = Omit<Partial<Row>, 'error'> & { error?: ErrorCode };

/** How long a send may stay unrecorded before the sender looks on chain for it. */
const UNRECORDED_SEND_GRACE_MS = 120_000;

/**
 * Signs and sends requested withdrawals from the user's deposit address, then follows them:
 * REQUESTED -> PROCESSING -> CONFIRMED, or FAIL with the money back in the available balance.
 * The signed transfer and its hash are saved before the broadcast (chain-journal), so after a crash
 * the sender sends the same bytes again (one nonce: it can never pay twice) or learns they never ran.
 */
export function createWithdrawalSender(ctx: CryptoContext, log: { error(obj: object, msg: string): void }) {
  const retries = stepRetries(ctx.db, 'withdrawal');
  async function update(row: Row, set: Partial<Row>): Promise<Row> {
    const saved = one(
      await ctx.db.update(cryptoTransactions).set(set).where(eq(cryptoTransactions.id, row.id)).returning(),
    );
    ctx.events.transaction(saved.userId!, toTransaction(saved));
    return saved;
  }

  async function finish(row: Row, outcome: 'CONFIRMED' | 'FAIL', extra: Outcome) {
    if (outcome === 'CONFIRMED' && ctx.chain.finality === 'finalized' && extra.blockNumber != null) {
      // CHAIN_FINALITY=finalized: sent for good once its block is finalized. Until then it stays
      // PROCESSING and shows how far it has come (the distance to the finalized block moves).
      const finality = await readFinality(ctx.chain);
      const progress = {
        confirmations: confirmationsAt(finality, extra.blockNumber),
        requiredConfirmations: finality.required,
      };
      if (extra.blockNumber > finality.final) {
        const [moved] = await ctx.db
          .update(cryptoTransactions)
          .set(progress)
          .where(
            and(
              eq(cryptoTransactions.id, row.id),
              eq(cryptoTransactions.status, 'PROCESSING'),
              or(
                ne(cryptoTransactions.confirmations, progress.confirmations),
                ne(cryptoTransactions.requiredConfirmations, progress.requiredConfirmations),
              ),
            ),
          )
          .returning();
        if (moved) ctx.events.transaction(moved.userId!, toTransaction(moved));
        return;
      }
      extra = { ...extra, ...progress };
    }
    const amount = BigInt(row.amount);
    const userId = row.userId!;
    const saved = await ctx.db.transaction(async (tx) => {
      await lockWallet(tx, userId);
      const [claimed] = await tx
        .update(cryptoTransactions)
        .set({ status: outcome, ...extra })
        .where(and(eq(cryptoTransactions.id, row.id), eq(cryptoTransactions.status, 'PROCESSING')))
        .returning();
      if (!claimed) return null;
      await post(tx, {
        memo: outcome === 'CONFIRMED' ? 'withdrawal sent' : 'withdrawal failed, refunded',
        transactionId: row.id,
        postings:
          outcome === 'CONFIRMED'
            ? move('withdrawing', 'external', amount, userId)
            : move('withdrawing', 'available', amount, userId, userId),
      });
      if (outcome === 'CONFIRMED')
        await publish(tx, 'withdrawal.sent', { userId, transactionId: row.id, amount: row.amount });
      return claimed;
    });
    if (saved) {
      ctx.events.transaction(userId, toTransaction(saved));
      ctx.events.wallet(userId, { reason: outcome === 'CONFIRMED' ? 'withdrawal' : 'refund', transactionId: row.id });
    }
  }

  async function send(row: Row) {
    const head = await ctx.chain.blockNumber();
    const [claimed] = await ctx.db
      .update(cryptoTransactions)
      .set({ status: 'PROCESSING', blockNumber: head })
      .where(and(eq(cryptoTransactions.id, row.id), eq(cryptoTransactions.status, 'REQUESTED')))
      .returning();
    if (!claimed) return;
    ctx.events.transaction(claimed.userId!, toTransaction(claimed));
    await transmit(claimed);
  }

  /** Signs, journals (with the hash on the row) and broadcasts; a failure before the journal refunds. */
  async function transmit(row: Row) {
    const options = journaled(ctx, { purpose: 'OUTPUT', refId: row.id }, (tx, signed) =>
      tx
        .update(cryptoTransactions)
        .set({ txHash: signed?.hash ?? null })
        .where(eq(cryptoTransactions.id, row.id)),
    );
    try {
      await ctx.chain.transferUsdt(
        { kind: 'user', userId: row.userId! },
        row.counterparty as Address,
        BigInt(row.amount),
        options,
      );
    } catch (error) {
      const saved = one(await ctx.db.select().from(cryptoTransactions).where(eq(cryptoTransactions.id, row.id)));
      if (saved.txHash) {
        // Journaled: the same bytes go out on the next pass; nothing may be refunded now.
        log.error({ err: error, transactionId: row.id }, 'withdrawal broadcast failed, resending on the next pass');
        return;
      }
      log.error({ err: error, transactionId: row.id }, 'withdrawal could not be sent');
      await finish(row, 'FAIL', { error: 'TRANSFER_NOT_SENT' });
      return;
    }
    crashPoint('withdrawal.sent');
    const saved = one(await ctx.db.select().from(cryptoTransactions).where(eq(cryptoTransactions.id, row.id)));
    ctx.events.transaction(saved.userId!, toTransaction(saved));
  }

  /** A PROCESSING row without a hash: the process stopped between sending and recording. */
  async function recover(row: Row) {
    if (Date.now() - row.updatedAt.getTime() < UNRECORDED_SEND_GRACE_MS) return;
    const from = ctx.chain.addressOf(row.userId!).toLowerCase();
    const head = await ctx.chain.blockNumber();
    const transfers = await ctx.chain.usdtTransfers(row.blockNumber ?? 0n, head, [row.counterparty as Address]);
    const sent = transfers.find((t) => t.from.toLowerCase() === from && t.value === BigInt(row.amount));
    if (sent) await update(row, { txHash: sent.txHash });
    else await update(row, { status: 'REQUESTED' });
  }

  async function follow(row: Row) {
    const receipt = await ctx.chain.receipt(row.txHash as Hash);
    if (!receipt) {
      // The node lost it, or never got it: the journal sends the same bytes, or knows they never ran.
      if ((await resumeSend(ctx, row.txHash!)) === 'dropped') await transmit(await update(row, { txHash: null }));
      return;
    }
    await settleSend(ctx, row.txHash!, receipt.status === 'reverted' ? 'reverted' : 'mined');
    if (receipt.status === 'reverted')
      return finish(row, 'FAIL', { error: 'TRANSACTION_REVERTED', blockNumber: receipt.blockNumber });
    const confirmations = Number((await ctx.chain.blockNumber()) - receipt.blockNumber + 1n);
    if (confirmations >= row.requiredConfirmations)
      return finish(row, 'CONFIRMED', { confirmations, blockNumber: receipt.blockNumber });
    if (confirmations !== row.confirmations) await update(row, { confirmations });
  }

  async function run(): Promise<void> {
    const rows = await ctx.db
      .select()
      .from(cryptoTransactions)
      .where(
        and(
          eq(cryptoTransactions.type, 'OUTPUT'),
          or(
            eq(cryptoTransactions.status, 'PROCESSING'),
            // A withdrawal to a new address waits out its hold (or its mailed link).
            and(
              eq(cryptoTransactions.status, 'REQUESTED'),
              or(isNull(cryptoTransactions.heldUntil), lte(cryptoTransactions.heldUntil, new Date())),
            ),
          ),
        ),
      )
      .orderBy(cryptoTransactions.id);
    await retries.each(
      rows,
      async (row) => {
        if (row.status === 'REQUESTED') await send(row);
        else if (!row.txHash) await recover(row);
        // With CHAIN_FINALITY=finalized the finalized block decides (in finish), not a count kept on
        // the row: every mined withdrawal goes on to finish.
        else await follow(ctx.chain.finality === 'finalized' ? { ...row, requiredConfirmations: 1 } : row);
      },
      (row, error, { tries, parked }) =>
        log.error(
          { err: error, transactionId: row.id, tries },
          parked ? 'withdrawal step parked after its last try' : 'withdrawal step failed, trying again later',
        ),
    );
  }

  return { run };
}
export type WithdrawalSender = ReturnType<typeof createWithdrawalSender>;
