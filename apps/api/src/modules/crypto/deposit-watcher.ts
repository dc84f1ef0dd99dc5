import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Address } from 'viem';
import { NATIVE_SCAN_MAX_BLOCKS, type NativeTransfer, type UsdtTransfer } from '../../chain/gateway';
import { chainCursors, cryptoTransactions, treasuryPayouts, wallets } from '../../db/schema';
import { one } from '../../db/rows';
import type { CryptoContext } from './context';
import { lockWallet, move, post } from './ledger';
import { toTransaction } from './representations';
import { publish } from '../../events/event-bus';
import { crashPoint } from '../../lib/crash-points';
import { DEV_CHAIN_ID } from './wallet-service';
import { confirmationsAt, readFinality, type Finality } from './finality';

const CURSOR = 'usdt-deposits';
const NATIVE_CURSOR = 'bnb-deposits';
/** On a chain the watcher has never seen, look this far back for deposits made before it started. */
const FIRST_RUN_LOOKBACK = 5_000n;
/**
 * The same for BNB, shorter: its blocks are read whole (one request each), and BNB that arrived
 * before the watcher knew about it is on the address all the same (the balance comes from the chain).
 */
const NATIVE_FIRST_RUN_LOOKBACK = 200n;
const CHUNK = 2_000n;
/**
 * The BNB a transaction itself carries has no log. Its row takes this log index, so the unique
 * (tx hash, log index) of the chain events makes it one row per transaction hash, next to the
 * USDT transfers of the same transaction (whose logs count from 0).
 */
export const NATIVE_VALUE_LOG_INDEX = -1;

const min = (a: bigint, b: bigint) => (a < b ? a : b);
const max = (a: bigint, b: bigint) => (a > b ? a : b);

/**
 * Credits USDT sent to users' deposit addresses. A transfer shows as PENDING with its confirmations
 * while it is young and becomes a CONFIRMED INPUT (or REWARD, when the market contract paid a
 * parent's share) once it is final (finality.ts: enough confirmations, or a finalized block); only
 * then does the ledger move. The cursor is the last block
 * whose transfers were credited, so a restart resumes there; (tx hash, log index) is unique, so a
 * block read twice credits once.
 *
 * BNB sent to a deposit address (users need it for gas) is recorded the same way, as an INPUT in
 * BNB with a cursor of its own, but never posted to the ledger: the ledger holds USDT only, and the
 * wallet's BNB balance is read from the chain.
 */
export function createDepositWatcher(ctx: CryptoContext) {
  /** The last young block already read for PENDING BNB rows (blocks are read whole, so once each). */
  let nativeYoungScanned = -1n;

  async function userAddresses(): Promise<Map<string, number>> {
    const rows = await ctx.db.select({ userId: wallets.userId, address: wallets.address }).from(wallets);
    return new Map(rows.map((r) => [r.address.toLowerCase(), r.userId]));
  }

  async function readCursor(name: string, head: bigint, firstRunLookback: bigint): Promise<bigint> {
    const [row] = await ctx.db.select().from(chainCursors).where(eq(chainCursors.name, name));
    // A development chain starts empty on every run: a cursor past its head belongs to an earlier chain.
    if (row && row.chainId === ctx.chain.chainId && row.block <= head) return row.block;
    const lookback = head - firstRunLookback;
    const start = ctx.chain.chainId === DEV_CHAIN_ID || lookback < -1n ? -1n : lookback;
    await saveCursor(name, start);
    return start;
  }

  async function saveCursor(name: string, block: bigint) {
    await ctx.db
      .insert(chainCursors)
      .values({ name, chainId: ctx.chain.chainId, block })
      .onConflictDoUpdate({
        target: chainCursors.name,
        set: { block, chainId: ctx.chain.chainId, updatedAt: new Date() },
      });
  }

  // ---------------------------------------------------------------- USDT

  /** The market's seller rewards and the treasury's payouts are REWARD; every other transfer is a deposit. */
  async function typeOf(transfer: UsdtTransfer): Promise<'REWARD' | 'INPUT'> {
    if (transfer.from.toLowerCase() === ctx.chain.marketAddress.toLowerCase()) return 'REWARD';
    const [payout] = await ctx.db
      .select({ id: treasuryPayouts.id })
      .from(treasuryPayouts)
      .where(eq(treasuryPayouts.txHash, transfer.txHash));
    return payout ? 'REWARD' : 'INPUT';
  }
  const memoOf = (type: 'REWARD' | 'INPUT', transfer: UsdtTransfer) =>
    type === 'INPUT'
      ? 'deposit'
      : transfer.from.toLowerCase() === ctx.chain.marketAddress.toLowerCase()
        ? 'seller reward paid by the market'
        : 'payout from the treasury';

  async function credit(userId: number, transfer: UsdtTransfer, finality: Finality) {
    const type = await typeOf(transfer);
    const row = await ctx.db.transaction(async (tx) => {
      await lockWallet(tx, userId);
      const values = {
        userId,
        type,
        status: 'CONFIRMED' as const,
        amount: transfer.value.toString(),
        counterparty: transfer.from,
        txHash: transfer.txHash,
        logIndex: transfer.logIndex,
        blockNumber: transfer.blockNumber,
        confirmations: confirmationsAt(finality, transfer.blockNumber),
        requiredConfirmations: finality.required,
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
        memo: memoOf(type, transfer),
        transactionId: saved.id,
        postings: move('external', 'available', transfer.value, undefined, userId),
      });
      await publish(tx, 'deposit.credited', {
        userId,
        transactionId: saved.id,
        amount: saved.amount,
        kind: values.type,
        currency: 'USDT',
      });
      return saved;
    });
    if (row) crashPoint('deposit.credited');
    if (row) {
      ctx.events.transaction(userId, toTransaction(row));
      ctx.events.wallet(userId, { reason: row.type === 'REWARD' ? 'reward' : 'deposit', transactionId: row.id });
    }
  }

  async function showPending(userId: number, transfer: UsdtTransfer, finality: Finality) {
    const confirmations = confirmationsAt(finality, transfer.blockNumber);
    const type = await typeOf(transfer);
    const [row] = await ctx.db
      .insert(cryptoTransactions)
      .values({
        userId,
        type,
        status: 'PENDING',
        amount: transfer.value.toString(),
        counterparty: transfer.from,
        txHash: transfer.txHash,
        logIndex: transfer.logIndex,
        blockNumber: transfer.blockNumber,
        confirmations,
        requiredConfirmations: finality.required,
      })
      .onConflictDoUpdate({
        target: [cryptoTransactions.txHash, cryptoTransactions.logIndex],
        targetWhere: sql`${cryptoTransactions.logIndex} is not null`,
        set: { confirmations, requiredConfirmations: finality.required, updatedAt: new Date() },
        setWhere: sql`${cryptoTransactions.status} = 'PENDING' and (${cryptoTransactions.confirmations} <> ${confirmations} or ${cryptoTransactions.requiredConfirmations} <> ${finality.required})`,
      })
      .returning();
    if (row) ctx.events.transaction(userId, toTransaction(row));
  }

  /** Credits what is final, shows what is still young. Returns the credited block. */
  async function pollUsdt(finality: Finality, addresses: Map<string, number>): Promise<bigint> {
    let cursor = await readCursor(CURSOR, finality.head, FIRST_RUN_LOOKBACK);
    const safe = finality.final;
    if (!addresses.size) {
      if (safe > cursor) await saveCursor(CURSOR, safe);
      return safe;
    }
    const watched = [...addresses.keys()] as Address[];

    while (cursor < safe) {
      const to = cursor + CHUNK < safe ? cursor + CHUNK : safe;
      const transfers = await ctx.chain.usdtTransfers(cursor + 1n, to, watched);
      for (const transfer of transfers) {
        const userId = addresses.get(transfer.to.toLowerCase());
        if (userId !== undefined) await credit(userId, transfer, finality);
      }
      await saveCursor(CURSOR, to);
      cursor = to;
    }
    // Transfers that are not final yet are shown as PENDING, without moving money.
    const youngFrom = max(safe + 1n, 0n);
    if (youngFrom <= finality.head) {
      for (const transfer of await ctx.chain.usdtTransfers(youngFrom, finality.head, watched)) {
        const userId = addresses.get(transfer.to.toLowerCase());
        if (userId !== undefined) await showPending(userId, transfer, finality);
      }
    }
    return cursor;
  }

  // ---------------------------------------------------------------- BNB

  /**
   * The platform's own BNB sends to a deposit address are left out: a GASING top-up already has its
   * row (its hash is saved before the broadcast, chain-journal.ts), and an INPUT beside it would show
   * the same BNB twice. They are recognised by that hash, not by the treasury as sender: the
   * development faucet's BNB also comes from the treasury but has no row of its own, so it shows
   * once, as a BNB INPUT, just as the faucet's USDT shows as a USDT INPUT.
   */
  async function withoutOwnSends(transfers: NativeTransfer[]): Promise<NativeTransfer[]> {
    if (!transfers.length) return transfers;
    const own = await ctx.db
      .select({ txHash: cryptoTransactions.txHash })
      .from(cryptoTransactions)
      .where(
        and(
          inArray(
            cryptoTransactions.txHash,
            transfers.map((t) => t.txHash),
          ),
          isNull(cryptoTransactions.logIndex),
        ),
      );
    const recorded = new Set(own.map((r) => r.txHash!.toLowerCase()));
    return transfers.filter((t) => !recorded.has(t.txHash.toLowerCase()));
  }

  /** Native transfers to users in [from, to], in calls of at most NATIVE_SCAN_MAX_BLOCKS blocks. */
  async function* nativeTransfersTo(addresses: Map<string, number>, from: bigint, to: bigint) {
    const watched = [...addresses.keys()] as Address[];
    for (let start = max(from, 0n); start <= to; start += NATIVE_SCAN_MAX_BLOCKS) {
      const end = min(start + NATIVE_SCAN_MAX_BLOCKS - 1n, to);
      const transfers = await withoutOwnSends(await ctx.chain.nativeTransfers(start, end, watched));
      const found = transfers.flatMap((transfer) => {
        const userId = addresses.get(transfer.to.toLowerCase());
        return userId === undefined ? [] : [{ userId, transfer }];
      });
      yield { end, found };
    }
  }

  const nativeRow = (userId: number, transfer: NativeTransfer, finality: Finality) => ({
    userId,
    type: 'INPUT' as const,
    currency: 'BNB' as const,
    amount: transfer.value.toString(),
    counterparty: transfer.from,
    txHash: transfer.txHash,
    logIndex: NATIVE_VALUE_LOG_INDEX,
    blockNumber: transfer.blockNumber,
    confirmations: confirmationsAt(finality, transfer.blockNumber),
    requiredConfirmations: finality.required,
  });

  async function creditNative(userId: number, transfer: NativeTransfer, finality: Finality) {
    const values = nativeRow(userId, transfer, finality);
    const row = await ctx.db.transaction(async (tx) => {
      const [saved] = await tx
        .insert(cryptoTransactions)
        .values({ ...values, status: 'CONFIRMED' })
        .onConflictDoUpdate({
          target: [cryptoTransactions.txHash, cryptoTransactions.logIndex],
          targetWhere: sql`${cryptoTransactions.logIndex} is not null`,
          set: {
            status: 'CONFIRMED',
            confirmations: values.confirmations,
            requiredConfirmations: values.requiredConfirmations,
            updatedAt: new Date(),
          },
          setWhere: sql`${cryptoTransactions.status} = 'PENDING'`,
        })
        .returning();
      // Already confirmed: a block read twice records once, and tells nobody again.
      if (!saved) return null;
      await publish(tx, 'deposit.credited', {
        userId,
        transactionId: saved.id,
        amount: saved.amount,
        kind: 'INPUT',
        currency: 'BNB',
      });
      return saved;
    });
    if (row) {
      ctx.events.transaction(userId, toTransaction(row));
      ctx.events.wallet(userId, { reason: 'deposit', transactionId: row.id });
    }
  }

  async function showNativePending(userId: number, transfer: NativeTransfer, finality: Finality) {
    const [row] = await ctx.db
      .insert(cryptoTransactions)
      .values({ ...nativeRow(userId, transfer, finality), status: 'PENDING' })
      .onConflictDoNothing()
      .returning();
    if (row) ctx.events.transaction(userId, toTransaction(row));
  }

  /** PENDING BNB rows follow the head without their blocks being read again. */
  async function advanceNativePending(finality: Finality) {
    const confirmations = sql<number>`(${finality.head.toString()}::bigint - ${cryptoTransactions.blockNumber} + 1)::int`;
    const rows = await ctx.db
      .update(cryptoTransactions)
      .set({ confirmations, requiredConfirmations: finality.required, updatedAt: new Date() })
      .where(
        and(
          eq(cryptoTransactions.type, 'INPUT'),
          eq(cryptoTransactions.status, 'PENDING'),
          eq(cryptoTransactions.currency, 'BNB'),
          eq(cryptoTransactions.logIndex, NATIVE_VALUE_LOG_INDEX),
          gt(cryptoTransactions.blockNumber, finality.final),
          sql`(${cryptoTransactions.confirmations} <> ${confirmations} or ${cryptoTransactions.requiredConfirmations} <> ${finality.required})`,
        ),
      )
      .returning();
    for (const row of rows) ctx.events.transaction(row.userId!, toTransaction(row));
  }

  async function pollNative(finality: Finality, addresses: Map<string, number>) {
    const cursor = await readCursor(NATIVE_CURSOR, finality.head, NATIVE_FIRST_RUN_LOOKBACK);
    // A fresh development chain (or a reorganisation of the young blocks) starts the young reads over.
    if (nativeYoungScanned > finality.head) nativeYoungScanned = -1n;
    if (!addresses.size) {
      if (finality.final > cursor) await saveCursor(NATIVE_CURSOR, finality.final);
      return;
    }
    if (cursor < finality.final) {
      for await (const { end, found } of nativeTransfersTo(addresses, cursor + 1n, finality.final)) {
        for (const { userId, transfer } of found) await creditNative(userId, transfer, finality);
        await saveCursor(NATIVE_CURSOR, end);
      }
    }
    // Young blocks are read once each for PENDING rows; a block reorganised away before it is final
    // leaves its row PENDING, as a USDT deposit's does.
    for await (const { end, found } of nativeTransfersTo(
      addresses,
      max(finality.final, nativeYoungScanned) + 1n,
      finality.head,
    )) {
      for (const { userId, transfer } of found) await showNativePending(userId, transfer, finality);
      nativeYoungScanned = end;
    }
    await advanceNativePending(finality);
  }

  /** One pass: credit what is confirmed, show what is still young, USDT then BNB. Returns the credited USDT block. */
  async function poll(): Promise<bigint> {
    const finality = await readFinality(ctx.chain);
    const addresses = await userAddresses();
    const credited = await pollUsdt(finality, addresses);
    await pollNative(finality, addresses);
    return credited;
  }

  /** A fresh development chain starts at block 0 again. */
  async function reset() {
    await saveCursor(CURSOR, -1n);
    await saveCursor(NATIVE_CURSOR, -1n);
    nativeYoungScanned = -1n;
  }

  /** Skips everything up to the current head (balances replayed onto a fresh chain are not deposits). */
  async function skipToHead() {
    const head = await ctx.chain.blockNumber();
    await saveCursor(CURSOR, head);
    await saveCursor(NATIVE_CURSOR, head);
    nativeYoungScanned = head;
  }

  return { poll, reset, skipToHead };
}
export type DepositWatcher = ReturnType<typeof createDepositWatcher>;
