import { and, count, desc, eq } from 'drizzle-orm';
import { NETWORK, NFT_PRICE_USDT, NFT_TYPE, NFT_LEVELS } from '@app/shared/constants';
import type { CryptoInfo, Fee, Transaction, TransactionList, TransactionListQuery } from '@app/shared/schemas/crypto';
import { cryptoTransactions, wallets } from '../../db/schema';
import { one } from '../../db/rows';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { fromWei, toWei } from './amounts';
import type { CryptoContext } from './context';
import { toTransaction } from './representations';

/** The development chain's id: only there do test USDT and the faucet exist. */
export const DEV_CHAIN_ID = 31337;

/** Users whose wallet row this process wrote or found (rows are never deleted): no insert again. */
const walletRows = new WeakMap<Db, Set<number>>();

/** The user's deposit address, created on first use (BIP-44 index = user id). */
export async function ensureWallet(ctx: CryptoContext, userId: number): Promise<string> {
  const address = ctx.chain.addressOf(userId);
  let known = walletRows.get(ctx.db);
  if (!known) walletRows.set(ctx.db, (known = new Set()));
  if (known.has(userId)) return address;
  await ctx.db.insert(wallets).values({ userId, address }).onConflictDoNothing();
  known.add(userId);
  return address;
}

/** Reads the chain, turning an unreachable node into a clear 503. */
export async function fromChain<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw new AppError('CHAIN_UNAVAILABLE', {
      details: { reason: error instanceof Error ? error.message.split('\n')[0] : 'unknown' },
    });
  }
}

/** The gas price is read at most once per BSC block (3 s) for showing fees; a withdrawal reads its own. */
const GAS_PRICE_FRESH_MS = 3_000;
/** The shown fee, made once per gas-price read (every wallet answer carries it), not per request. */
const shownFees = new WeakMap<CryptoContext['chain'], { at: number; fee: Promise<Fee> }>();

function feeOf(ctx: CryptoContext, gasPrice: bigint): Fee {
  const fee = gasPrice * ctx.chain.transferGasLimit;
  const feeUsd = (Number(fromWei(fee)) * ctx.bnbPriceUsd).toFixed(6);
  return {
    currency: 'BNB',
    fee: fromWei(fee),
    feeUsd,
    gasPriceWei: gasPrice.toString(),
    gasLimit: Number(ctx.chain.transferGasLimit),
  };
}

export function getFee(ctx: CryptoContext): Promise<Fee> {
  const kept = shownFees.get(ctx.chain);
  if (kept && performance.now() - kept.at < GAS_PRICE_FRESH_MS) return kept.fee;
  const fee = fromChain(() => ctx.chain.gasPrice()).then((gasPrice) => feeOf(ctx, gasPrice));
  const read = { at: performance.now(), fee };
  shownFees.set(ctx.chain, read);
  // A failed read is not kept: the next request asks the node again.
  fee.catch(() => shownFees.get(ctx.chain) === read && shownFees.delete(ctx.chain));
  return fee;
}

export function getCryptoInfo(ctx: CryptoContext): CryptoInfo {
  return {
    blockchain: NETWORK.name,
    network: NETWORK.standard,
    chainId: ctx.chain.chainId,
    symbol: 'USDT',
    nftSymbol: NETWORK.coinSymbol,
    explorerUrl: ctx.chain.explorerUrl,
    confirmations: ctx.chain.confirmations,
    marketContract: ctx.chain.marketAddress,
    coins: [
      { symbol: 'USDT', decimals: 18, contract: ctx.chain.usdtAddress, priceUsd: '1' },
      { symbol: 'BNB', decimals: 18, contract: null, priceUsd: String(ctx.bnbPriceUsd) },
    ],
    levels: NFT_LEVELS.map((level) => ({
      level,
      type: NFT_TYPE[level],
      price: level === 'ICON' ? '0' : String(NFT_PRICE_USDT[level]),
    })),
  };
}

export async function listTransactions(db: Db, userId: number, query: TransactionListQuery): Promise<TransactionList> {
  const where = and(
    eq(cryptoTransactions.userId, userId),
    query.type ? eq(cryptoTransactions.type, query.type) : undefined,
    query.status ? eq(cryptoTransactions.status, query.status) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(cryptoTransactions)
      .where(where)
      .orderBy(desc(cryptoTransactions.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(cryptoTransactions).where(where),
  ]);
  return { items: rows.map(toTransaction), total: one(totals).total };
}

export async function getTransaction(db: Db, userId: number, id: number): Promise<Transaction> {
  const [row] = await db
    .select()
    .from(cryptoTransactions)
    .where(and(eq(cryptoTransactions.id, id), eq(cryptoTransactions.userId, userId)));
  if (!row) throw new AppError('NOT_FOUND');
  return toTransaction(row);
}

/** Test money on the development chain: real transfers from the treasury, credited by the deposit watcher. */
export async function faucet(
  ctx: CryptoContext,
  userId: number,
  amount: string,
): Promise<{ usdtTxHash: string; bnbTxHash: string }> {
  if (ctx.chain.chainId !== DEV_CHAIN_ID) throw new AppError('NOT_FOUND');
  const address = (await ensureWallet(ctx, userId)) as `0x${string}`;
  const usdtTxHash = await fromChain(() => ctx.chain.transferUsdt({ kind: 'treasury' }, address, toWei(amount)));
  // A little BNB too, so a withdrawal can pay its own gas.
  const bnbTxHash = await fromChain(() => ctx.chain.sendNative({ kind: 'treasury' }, address, toWei('0.01')));
  return { usdtTxHash, bnbTxHash };
}
