import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Address } from 'viem';
import type { StartedChain } from '../../chain/start-chain';
import type { Database } from '../../db/client';
import type { CryptoWorkers } from './workers';
import { cryptoTransactions, ledgerEntries, nfts, purchases, wallets } from '../../db/schema';
import { addSupply, awaitCreated } from './market-service';
import { SALE_LEVELS } from '@app/shared/constants';
import type { CryptoContext } from './context';
import { silentEvents, withdrawalsClosed } from './context';

/** Tokens listed on the first start of a new installation on the development chain. */
export const DEV_STARTING_SUPPLY = { SILVER: 10, GOLD: 5, PLATINUM: 2 } as const;

/**
 * The embedded development chain keeps nothing across restarts, while the embedded database does.
 * On a fresh chain this puts the database's world back on it, so a second `npm start` carries on:
 * every token again under its id (owned ones granted to their owners, listed ones listed again),
 * every user's USDT back on their deposit address, and chain steps that were in flight started over.
 */
export async function onFreshDevChain(
  services: { database: Database; cryptoWorkers?: CryptoWorkers },
  started: StartedChain,
  appLog: FastifyBaseLogger,
): Promise<void> {
  const workers = services.cryptoWorkers;
  if (!workers) return;
  const { db } = services.database;
  const gateway = started.gateway;
  const ctx: CryptoContext = {
    db,
    chain: gateway,
    events: silentEvents,
    withdrawals: withdrawalsClosed,
    bnbPriceUsd: 0,
    wake() {},
  };
  const log = appLog.child({ module: 'dev-chain-replay' });

  const tokens = await db.select().from(nfts).orderBy(asc(nfts.id));
  for (const token of tokens) {
    const hash =
      token.status === 'OWNED' && token.ownerId
        ? await gateway.grant(token.type, gateway.addressOf(token.ownerId))
        : token.parent1Id && token.parent2Id
          ? await gateway.mintChild(token.type, gateway.addressOf(token.parent1Id), gateway.addressOf(token.parent2Id))
          : await gateway.supply(token.type, 1);
    const [id] = await awaitCreated(ctx, hash);
    if (id !== token.id) {
      log.warn(
        { expected: token.id, got: id },
        'token ids diverged while replaying onto the development chain; stopping the token replay',
      );
      break;
    }
  }

  const holdings = await db
    .select({ userId: wallets.userId, total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
    .from(wallets)
    // Held referral rewards are not at the address yet: the treasury pays them when they are released.
    .leftJoin(ledgerEntries, and(eq(ledgerEntries.userId, wallets.userId), ne(ledgerEntries.account, 'reward_pending')))
    .groupBy(wallets.userId);
  for (const { userId, total } of holdings) {
    if (BigInt(total) > 0n)
      await gateway.transferUsdt({ kind: 'treasury' }, gateway.addressOf(userId) as Address, BigInt(total));
  }
  await workers.deposits.skipToHead();

  // Steps sent to the chain that is gone: deposits never confirmed, purchases and withdrawals start over.
  await db
    .update(cryptoTransactions)
    .set({ status: 'CANCELED', error: 'CHAIN_RESTARTED' })
    .where(and(inArray(cryptoTransactions.type, ['INPUT', 'REWARD']), eq(cryptoTransactions.status, 'PENDING')));
  const open = await db.select({ id: purchases.id }).from(purchases).where(eq(purchases.status, 'PROCESSING'));
  if (open.length) {
    await db
      .update(cryptoTransactions)
      .set({ status: 'FAIL', error: 'CHAIN_RESTARTED' })
      .where(
        and(
          inArray(
            cryptoTransactions.purchaseId,
            open.map((p) => p.id),
          ),
          eq(cryptoTransactions.status, 'PROCESSING'),
        ),
      );
    await db
      .update(purchases)
      .set({ attempts: 1 })
      .where(
        inArray(
          purchases.id,
          open.map((p) => p.id),
        ),
      );
  }
  await db
    .update(cryptoTransactions)
    .set({ status: 'REQUESTED', txHash: null })
    .where(and(eq(cryptoTransactions.type, 'OUTPUT'), eq(cryptoTransactions.status, 'PROCESSING')));
  if (!tokens.length) {
    // A brand-new installation: something to buy, as an admin would list it.
    // The system lists it, and the audit log says so.
    const system = { actorId: null, actorRole: 'system' };
    for (const level of SALE_LEVELS) await addSupply(ctx, level, DEV_STARTING_SUPPLY[level], system);
    log.info(DEV_STARTING_SUPPLY, 'starting supply listed on the development chain');
  }
  if (tokens.length || holdings.length)
    log.info(
      { tokens: tokens.length, wallets: holdings.length },
      'database state replayed onto the fresh development chain',
    );
}
