import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Address } from 'viem';
import { NETWORK } from '@app/shared/constants';
import type { Nft, Wallet } from '@app/shared/schemas/crypto';
import type { Database, Db } from '../../db/client';
import type { WatchedTable } from '../../db/row-changes';
import { ledgerEntries, nfts, users } from '../../db/schema';
import type { CacheChannel } from '../../lib/cache-channel';
import { createPeopleCache } from '../../lib/people-cache';
import { fromWei } from './amounts';
import type { CryptoContext } from './context';
import { toNft } from './representations';
import { ensureWallet, fromChain, getFee } from './wallet-service';

/**
 * What GET /api/crypto/wallet shows comes from these tables: the ledger (balances), the tokens and
 * their parents' domains (users); and crypto_transactions, where every move of the chain that the
 * platform knows of lands (a BNB deposit seen, a gas top-up, an approval, a purchase or a withdrawal
 * mined), after which the BNB balance is read again. A committed change of any of them, by any
 * code on any process, empties every process's kept wallets before that code goes on.
 */
export const WALLET_TABLES: readonly WatchedTable[] = [
  { name: 'ledger_entries', inserts: true },
  { name: 'nfts', inserts: true },
  { name: 'users' },
  { name: 'crypto_transactions', inserts: true },
];

/**
 * The chain's head is read at most this often per process (BNB Smart Chain makes a block every
 * 0.75 to 3 s): a BNB balance kept for an address is shown while the head is the block it was read
 * at, so what comes from outside the platform (BNB sent to the address by a stranger) shows at most
 * this much later than the node has it. Whatever the platform does or sees (above) shows at once.
 */
export const WALLET_HEAD_FRESH_MS = 1_000;

/** The database part of a wallet: balances as shown (USDT) and the tokens. */
interface WalletRows {
  userId: number;
  balance: string;
  withdrawable: string;
  escrow: string;
  pendingWithdrawals: string;
  nfts: Nft[];
}
/** A kept wallet: its rows and the BNB balance read at (or after) `block`, as shown. */
interface KeptWallet extends WalletRows {
  block: bigint;
  nativeBalance: string;
}

/** The ledger's balances of a user, one prepared statement per database (the sums as text: wei overflow numbers). */
const preparedBalances = new WeakMap<Db, ReturnType<typeof prepareBalances>>();
const prepareBalances = (db: Db) =>
  db
    .select({ account: ledgerEntries.account, sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, sql.placeholder('id')))
    .groupBy(ledgerEntries.account)
    .prepare('wallet_balances');

/** A user's tokens with their parents' domains, one prepared statement (two reads before). */
const preparedTokens = new WeakMap<Db, ReturnType<typeof prepareTokens>>();
const prepareTokens = (db: Db) => {
  const parent1 = alias(users, 'parent1');
  const parent2 = alias(users, 'parent2');
  return db
    .select({ token: nfts, parent1Domain: parent1.domain, parent2Domain: parent2.domain })
    .from(nfts)
    .leftJoin(parent1, eq(parent1.id, nfts.parent1Id))
    .leftJoin(parent2, eq(parent2.id, nfts.parent2Id))
    .where(eq(nfts.ownerId, sql.placeholder('id')))
    .orderBy(nfts.type)
    .prepare('wallet_tokens');
};

export async function readWalletRows(db: Db, userId: number): Promise<WalletRows> {
  let balances = preparedBalances.get(db);
  if (!balances) preparedBalances.set(db, (balances = prepareBalances(db)));
  let tokens = preparedTokens.get(db);
  if (!tokens) preparedTokens.set(db, (tokens = prepareTokens(db)));
  const [sums, owned] = await Promise.all([balances.execute({ id: userId }), tokens.execute({ id: userId })]);
  const of = (account: string) => BigInt(sums.find((r) => r.account === account)?.sum ?? '0');
  const available = of('available');
  const escrow = of('escrow');
  const withdrawing = of('withdrawing');
  return {
    userId,
    balance: fromWei(available + escrow + withdrawing),
    withdrawable: fromWei(available),
    escrow: fromWei(escrow),
    pendingWithdrawals: fromWei(withdrawing),
    nfts: owned.map(({ token, parent1Domain, parent2Domain }) => {
      const domains = new Map<number, string | null>();
      if (token.parent1Id !== null) domains.set(token.parent1Id, parent1Domain);
      if (token.parent2Id !== null) domains.set(token.parent2Id, parent2Domain);
      return toNft(token, domains);
    }),
  };
}

function toWallet(rows: WalletRows, address: string, nativeBalance: string, transferFee: string): Wallet {
  return {
    userId: rows.userId,
    address,
    blockchain: NETWORK.name,
    network: NETWORK.standard,
    symbol: 'USDT',
    balance: rows.balance,
    withdrawable: rows.withdrawable,
    escrow: rows.escrow,
    pendingWithdrawals: rows.pendingWithdrawals,
    nativeBalance,
    transferFee,
    coins: [
      { symbol: 'USDT', balance: rows.balance },
      { symbol: 'BNB', balance: nativeBalance },
    ],
    nfts: rows.nfts,
  };
}

/**
 * GET /api/crypto/wallet without reading everything again (decision 038). Each process keeps the
 * answers it gave by user: the database part until a committed change of WALLET_TABLES (any code,
 * any process: the row notices and the channel of decision 033, every process confirming before
 * that change's code goes on), the BNB balance while the chain's head, read at most once per
 * WALLET_HEAD_FRESH_MS, is still the block it was read at. The shown fee is the gas price of the
 * last 3 s as before. A read that overlapped a change keeps nothing; concurrent misses of one user
 * share one read; without the channel's subscription (Redis down) or with SESSION_CACHE_SECONDS=0
 * every request reads all, as before.
 */
export function createWalletReads(deps: {
  ctx: CryptoContext;
  /** SESSION_CACHE_SECONDS: the safety net for changes behind the API's back (psql, a node's own RPC). */
  ttlMs: number;
  /** Several processes: the changes of one reach the others through it. */
  channel?: CacheChannel;
  onRowsChanged?: Database['onRowsChanged'];
  headFreshMs?: number;
}) {
  const { ctx } = deps;
  const headFreshMs = deps.headFreshMs ?? WALLET_HEAD_FRESH_MS;
  const kept = createPeopleCache<number, KeptWallet>({
    name: 'wallets',
    ttlMs: deps.ttlMs,
    userOf: (wallet) => wallet.userId,
  });
  deps.channel?.add(kept);
  /** The chain's head as last read, good for this generation of the cache and headFreshMs. */
  let head: { at: number; mark: number; block: Promise<bigint> } | undefined;
  /** Reads on their way, by user, which a request of the same generation and head joins. */
  const reading = new Map<number, { mark: number; block: bigint; wallet: Promise<KeptWallet> }>();

  const forget = (): Promise<void> =>
    deps.channel ? deps.channel.forget({ caches: ['wallets'] }) : Promise.resolve(kept.forget({ caches: ['wallets'] }));
  const unwatch = deps.onRowsChanged?.(WALLET_TABLES, forget);

  function chainHead(mark: number): Promise<bigint> {
    const now = performance.now();
    if (head && head.mark === mark && now - head.at < headFreshMs) return head.block;
    const block = fromChain(() => ctx.chain.blockNumber());
    const read = { at: now, mark, block };
    head = read;
    // A failed read is not kept: the next request asks the node again.
    block.catch(() => head === read && (head = undefined));
    return block;
  }

  const nativeOf = (address: string) => fromChain(() => ctx.chain.nativeBalance(address as Address));

  async function read(userId: number, address: string, mark: number, block: bigint): Promise<KeptWallet> {
    const known = kept.get(userId);
    let joined = reading.get(userId);
    if (!joined || joined.mark !== mark || joined.block !== block) {
      const wallet = Promise.all([known ?? readWalletRows(ctx.db, userId), nativeOf(address)]).then(
        ([rows, native]): KeptWallet => {
          const value = { ...rows, userId, block, nativeBalance: fromWei(native) };
          kept.set(userId, value, mark);
          return value;
        },
      );
      const entry = { mark, block, wallet };
      reading.set(userId, entry);
      const done = () => void (reading.get(userId) === entry && reading.delete(userId));
      wallet.then(done, done);
      joined = entry;
    }
    return joined.wallet;
  }

  return {
    async get(userId: number): Promise<Wallet> {
      const address = await ensureWallet(ctx, userId);
      const fee = getFee(ctx);
      if (!kept.enabled || kept.suspended) {
        const [rows, native, shown] = await Promise.all([readWalletRows(ctx.db, userId), nativeOf(address), fee]);
        return toWallet(rows, address, fromWei(native), shown.fee);
      }
      // Taken before anything is read: what a change overlapped is not kept (nor joined).
      const mark = kept.mark();
      fee.catch(() => undefined);
      const block = await chainHead(mark);
      const hit = kept.get(userId);
      const wallet = hit && hit.block === block ? hit : await read(userId, address, mark, block);
      return toWallet(wallet, address, wallet.nativeBalance, (await fee).fee);
    },
    /** After a change of the chain that leaves no row (the faucet): every process reads the wallets again. */
    forget,
    close(): void {
      unwatch?.();
    },
    /** For tests: how many wallets this process keeps. */
    get size() {
      return kept.size;
    },
  };
}
export type WalletReads = ReturnType<typeof createWalletReads>;
