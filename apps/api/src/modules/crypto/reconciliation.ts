import crypto from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Address } from 'viem';
import { cryptoTransactions, nfts, purchases, reconciliationDifferences, wallets } from '../../db/schema';
import type { CryptoContext } from './context';
import { balancesOf } from './ledger';
import { recordCreatedTokens } from './market-service';

/**
 * Compares the chain with the database and records every difference: who holds each token, tokens
 * the database never heard of, each custodial address's USDT against its ledger, and the treasury's
 * gas money. A token the market still lists on chain but the database lacks is repaired here (the
 * books gain a listing, no money moves); everything else waits for a person in the admin area.
 * Work in flight (a purchase or withdrawal being processed, a deposit awaiting confirmations) is
 * left out of the money check, as its books and its chain state legitimately differ for a while.
 */

export type DifferenceKind = 'token_owner' | 'token_missing' | 'custodial_usdt' | 'treasury_bnb_low';

export interface Difference {
  kind: DifferenceKind;
  subject: string;
  expected: string | null;
  actual: string | null;
  repaired: boolean;
}

/** Below this the treasury cannot pay the gas top-ups of purchases for long. */
export const TREASURY_BNB_FLOOR = 5n * 10n ** 16n; // 0.05 BNB

const ZERO = '0x0000000000000000000000000000000000000000';
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

async function tokenDifferences(ctx: CryptoContext, userAddress: (userId: number) => Address): Promise<Difference[]> {
  const found: Difference[] = [];
  const known = new Map((await ctx.db.select().from(nfts)).map((token) => [token.id, token]));
  const total = await ctx.chain.totalMinted();
  for (let id = 1; id <= total; id++) {
    const holder = await ctx.chain.ownerOf(id);
    const token = known.get(id);
    if (!token) {
      const listed = same(holder, ctx.chain.marketAddress);
      if (listed) {
        // The market holds it, so it is for sale: list it in the books too (a supply or mint whose
        // recording was lost). Its parents are read from the contract.
        const [parent1, parent2] = await ctx.chain.parentsOf(id);
        const parentIds = await usersAt([parent1, parent2], ctx);
        await recordCreatedTokens(ctx, {
          ids: [id],
          type: await ctx.chain.levelOf(id),
          txHash: 'reconciliation',
          parent1Id: parentIds[0],
          parent2Id: parentIds[1],
        });
      }
      found.push({ kind: 'token_missing', subject: `token:${id}`, expected: null, actual: holder, repaired: listed });
      continue;
    }
    // A token sold outside the platform has no owner here; the chain decides who holds it.
    if (token.status === 'OWNED' && token.ownerId === null) continue;
    const expected = token.status === 'OWNED' ? userAddress(token.ownerId!) : ctx.chain.marketAddress;
    // A token reserved for a purchase whose BUY_NFT is mined but not yet recorded is in flight.
    if (token.status === 'RESERVED' && !same(holder, expected)) continue;
    if (!same(holder, expected))
      found.push({ kind: 'token_owner', subject: `token:${id}`, expected, actual: holder, repaired: false });
  }
  return found;
}

/** The user ids whose deposit addresses these are (the zero address is nobody). */
async function usersAt(addresses: Address[], ctx: CryptoContext): Promise<(number | undefined)[]> {
  const rows = await ctx.db
    .select({ userId: wallets.userId, address: wallets.address })
    .from(wallets)
    .where(
      inArray(
        sql`lower(${wallets.address})`,
        addresses.filter((a) => !same(a, ZERO)).map((a) => a.toLowerCase()),
      ),
    );
  return addresses.map((address) => rows.find((row) => same(row.address, address))?.userId);
}

async function moneyDifferences(ctx: CryptoContext): Promise<Difference[]> {
  const found: Difference[] = [];
  const busy = new Set<number>();
  for (const row of await ctx.db
    .select({ userId: purchases.userId })
    .from(purchases)
    .where(eq(purchases.status, 'PROCESSING')))
    busy.add(row.userId);
  for (const row of await ctx.db
    .select({ userId: cryptoTransactions.userId })
    .from(cryptoTransactions)
    .where(inArray(cryptoTransactions.status, ['REQUESTED', 'PROCESSING', 'PENDING']))) {
    if (row.userId !== null) busy.add(row.userId);
  }
  for (const wallet of await ctx.db.select().from(wallets)) {
    if (busy.has(wallet.userId)) continue;
    const balances = await balancesOf(ctx.db, wallet.userId);
    // What the address should hold: the person's money and the platform's paid to it in-platform.
    const books = balances.total + balances.platformHeld;
    const chain = await ctx.chain.usdtBalance(wallet.address as Address);
    if (books !== chain) {
      found.push({
        kind: 'custodial_usdt',
        subject: `user:${wallet.userId}`,
        expected: books.toString(),
        actual: chain.toString(),
        repaired: false,
      });
    }
  }
  const gas = await ctx.chain.nativeBalance(ctx.chain.treasuryAddress);
  if (gas < TREASURY_BNB_FLOOR) {
    found.push({
      kind: 'treasury_bnb_low',
      subject: 'treasury',
      expected: TREASURY_BNB_FLOOR.toString(),
      actual: gas.toString(),
      repaired: false,
    });
  }
  return found;
}

/**
 * One run: finds the differences, records them (a difference already open is not recorded again),
 * and marks resolved what earlier runs found and this one no longer does.
 */
export async function reconcile(ctx: CryptoContext): Promise<{ runId: string; differences: Difference[] }> {
  const runId = crypto.randomUUID();
  const block = await ctx.chain.blockNumber();
  const differences = [
    ...(await tokenDifferences(ctx, (userId) => ctx.chain.addressOf(userId))),
    ...(await moneyDifferences(ctx)),
  ];
  await ctx.db.transaction(async (tx) => {
    const open = await tx.select().from(reconciliationDifferences).where(isNull(reconciliationDifferences.resolvedAt));
    const key = (d: { kind: string; subject: string }) => `${d.kind}|${d.subject}`;
    const now = new Date();
    const current = new Set(differences.filter((d) => !d.repaired).map(key));
    const gone = open.filter((d) => !current.has(key(d))).map((d) => d.id);
    if (gone.length)
      await tx
        .update(reconciliationDifferences)
        .set({ resolvedAt: now })
        .where(inArray(reconciliationDifferences.id, gone));
    const already = new Set(open.filter((d) => current.has(key(d))).map(key));
    const fresh = differences.filter((d) => d.repaired || !already.has(key(d)));
    if (fresh.length) {
      await tx.insert(reconciliationDifferences).values(
        fresh.map((d) => ({
          runId,
          kind: d.kind,
          subject: d.subject,
          expected: d.expected,
          actual: d.actual,
          block,
          repairedAt: d.repaired ? now : null,
          resolvedAt: d.repaired ? now : null,
        })),
      );
    }
  });
  return { runId, differences };
}

/** Open differences, oldest first (the admin area lists them). */
export function openDifferences(ctx: CryptoContext) {
  return ctx.db
    .select()
    .from(reconciliationDifferences)
    .where(and(isNull(reconciliationDifferences.resolvedAt)))
    .orderBy(reconciliationDifferences.foundAt);
}
