import { and, eq, sql } from 'drizzle-orm';
import type { Address } from 'viem';
import type { UsdtTransfer } from '../../chain/gateway';
import { chainCursors, cryptoTransactions, wallets } from '../../db/schema';
import { one } from '../../db/rows';
import type { CryptoContext } from './context';
import { lockWallet, move, post } from './ledger';
import { toTransaction } from './representations';
import { publish } from '../../events/event-bus';
import { crashPoint } from '../../lib/crash-points';
import { DEV_CHAIN_ID } from './wallet-service';

const CURSOR = 'usdt-deposits';
/** On a chain the watcher has never seen, look this far back for deposits made before it started. */
const FIRST_RUN_LOOKBACK = 5_000n;
const CHUNK = 2_000n;

/**
 * Credits USDT sent to users' deposit addresses. A transfer shows as PENDING with its confirmations
 * while it is young and becomes a CONFIRMED INPUT (or REWARD, when the market contract paid a
 * parent's share) once it has enough; only then does the ledger move. The cursor is the last block
 * whose transfers were credited, so a restart resumes there; (tx hash, log index) is unique, so a
 * block read twice credits once.
 */
export function createDepositWatcher(ctx: CryptoContext) {
  async function userAddresses(): Promise<Map<string, number>> {
    const rows = await ctx.db.select({ userId: wallets.userId, address: wallets.address }).from(wallets);
    return new Map(rows.map((r) => [r.address.toLowerCase(), r.userId]));
  }

  async function readCursor(head: bigint): Promise<bigint> {
    const [row] = await ctx.db.select().from(chainCursors).where(eq(chainCursors.name, CURSOR));
    // A development chain starts empty on every run: a cursor past its head belongs to an earlier chain.
    if (row && row.chainId === ctx.chain.chainId && row.block <= head) return row.block;
    const lookback = head - FIRST_RUN_LOOKBACK;
    const start = ctx.chain.chainId === DEV_CHAIN_ID || lookback < -1n ? -1n : lookback;
    await saveCursor(start);
    return start;
  }

  async function saveCursor(block: bigint) {
    await ctx.db
      .insert(chainCursors)
      .values({ name: CURSOR, chainId: ctx.chain.chainId, block })
      .onConflictDoUpdate({ target: chainCursors.name, set: { block, chainId: ctx.chain.chainId, updatedAt: new Date() } });
  }

  const typeOf = (transfer: UsdtTransfer) =>
    transfer.from.toLowerCase() === ctx.chain.marketAddress.toLowerCase() ? ('REWARD' as const) : ('INPUT' as const);

  async function credit(userId: number, transfer: UsdtTransfer, confirmations: number) {
    const row = await ctx.db.transaction(async (tx) => {
      await lockWallet(tx, userId);
      const values = {
        userId,
        type: typeOf(transfer),
        status: 'CONFIRMED' as const,
        amount: transfer.value.toString(),
        counterparty: transfer.from,
        txHash: transfer.txHash,
        logIndex: transfer.logIndex,
        blockNumber: transfer.blockNumber,
        confirmations,
        requiredConfirmations: ctx.chain.confirmations,
      };
      const [existing] = await tx
        .select()
        .from(cryptoTransactions)
        .where(and(eq(cryptoTransactions.txHash, transfer.txHash), eq(cryptoTransactions.logIndex, transfer.logIndex)));
      if (existing?.status === 'CONFIRMED') return null;
      const saved = one(
        existing
          ? await tx.update(cryptoTransactions).set(values).where(eq(cryptoTransactions.id, existing.id)).returning()
          : await tx.insert(cryptoTransactions).values(values).returning(),
      );
      await post(tx, {
        memo: values.type === 'REWARD' ? 'seller reward paid by the market' : 'deposit',
        transactionId: saved.id,
        postings: move('external', 'available', transfer.value, undefined, userId),
      });
      await publish(tx, 'deposit.credited', { userId, transactionId: saved.id, amount: saved.amount, kind: values.type, currency: 'USDT' });
      return saved;
    });
    if (row) crashPoint('deposit.credited');
    if (row) {
      ctx.events.transaction(userId, toTransaction(row));
      ctx.events.wallet(userId, { reason: row.type === 'REWARD' ? 'reward' : 'deposit', transactionId: row.id });
    }
  }

  async function showPending(userId: number, transfer: UsdtTransfer, confirmations: number) {
    const [row] = await ctx.db
      .insert(cryptoTransactions)
      .values({
        userId,
        type: typeOf(transfer),
        status: 'PENDING',
        amount: transfer.value.toString(),
        counterparty: transfer.from,
        txHash: transfer.txHash,
        logIndex: transfer.logIndex,
        blockNumber: transfer.blockNumber,
        confirmations,
        requiredConfirmations: ctx.chain.confirmations,
      })
      .onConflictDoUpdate({
        target: [cryptoTransactions.txHash, cryptoTransactions.logIndex],
        targetWhere: sql`${cryptoTransactions.logIndex} is not null`,
        set: { confirmations, updatedAt: new Date() },
        setWhere: sql`${cryptoTransactions.status} = 'PENDING' and ${cryptoTransactions.confirmations} <> ${confirmations}`,
      })
      .returning();
    if (row) ctx.events.transaction(userId, toTransaction(row));
  }

  /** One pass: credit what is confirmed, show what is still young. Returns the credited block. */
  async function poll(): Promise<bigint> {
    const head = await ctx.chain.blockNumber();
    let cursor = await readCursor(head);
    const required = BigInt(Math.max(1, ctx.chain.confirmations));
    const safe = head - required + 1n;
    const addresses = await userAddresses();
    if (!addresses.size) {
      if (safe > cursor) await saveCursor(safe);
      return safe;
    }
    const watched = [...addresses.keys()] as Address[];
    const confirmationsOf = (t: UsdtTransfer) => Number(head - t.blockNumber + 1n);

    while (cursor < safe) {
      const to = cursor + CHUNK < safe ? cursor + CHUNK : safe;
      const transfers = await ctx.chain.usdtTransfers(cursor + 1n, to, watched);
      for (const transfer of transfers) {
        const userId = addresses.get(transfer.to.toLowerCase());
        if (userId !== undefined) await credit(userId, transfer, confirmationsOf(transfer));
      }
      await saveCursor(to);
      cursor = to;
    }
    // Transfers with fewer confirmations than required are shown as PENDING, without moving money.
    const youngFrom = safe + 1n > 0n ? safe + 1n : 0n;
    if (youngFrom <= head) {
      for (const transfer of await ctx.chain.usdtTransfers(youngFrom, head, watched)) {
        const userId = addresses.get(transfer.to.toLowerCase());
        if (userId !== undefined) await showPending(userId, transfer, confirmationsOf(transfer));
      }
    }
    return cursor;
  }

  /** A fresh development chain starts at block 0 again. */
  async function reset() {
    await saveCursor(-1n);
  }

  /** Skips everything up to the current head (balances replayed onto a fresh chain are not deposits). */
  async function skipToHead() {
    await saveCursor(await ctx.chain.blockNumber());
  }

  return { poll, reset, skipToHead };
}
export type DepositWatcher = ReturnType<typeof createDepositWatcher>;
