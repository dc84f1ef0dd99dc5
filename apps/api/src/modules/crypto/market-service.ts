import { and, asc, count, desc, eq, inArray, lte } from 'drizzle-orm';
import { NFT_PRICE_USDT, NFT_TYPE, SALE_LEVELS } from '@app/shared/constants';
import type { BuyRequest, ListedNft, Market, Purchase } from '@app/shared/schemas/crypto';
import { cryptoTransactions, nfts, purchases, users } from '../../db/schema';
import { one } from '../../db/rows';
import { isUniqueViolation, type Db, type Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { fromWei, toWei } from './amounts';
import type { CryptoContext } from './context';
import { requestHash } from './idempotency';
import { maxBuyableType } from '../kyc/kyc-gate';
import { balancesOf, lockWallet, move, post } from './ledger';
import { levelName, toNft, toPurchase } from './representations';
import { ensureWallet } from './wallet-service';
import type { SignedTransaction } from '../../chain/gateway';
import { journaled, resumeSend, settleSend, unsettledSends } from './chain-journal';
import { crashPoint } from '../../lib/crash-points';
import { recordAudit, type AuditActor, type AuditEntry } from '../audit/record-audit';
import { publish } from '../../events/event-bus';

type SaleLevel = (typeof SALE_LEVELS)[number];
type PurchaseRow = typeof purchases.$inferSelect;
export const priceOf = (type: number) => toWei(String(NFT_PRICE_USDT[levelName(type) as SaleLevel]));

async function queuePosition(db: Db, row: typeof purchases.$inferSelect): Promise<number | null> {
  if (row.status !== 'QUEUED') return null;
  const { n } = one(
    await db
      .select({ n: count() })
      .from(purchases)
      .where(and(eq(purchases.type, row.type), eq(purchases.status, 'QUEUED'), lte(purchases.id, row.id))),
  );
  return n;
}

export async function describePurchase(db: Db, row: typeof purchases.$inferSelect): Promise<Purchase> {
  const steps = await db
    .select()
    .from(cryptoTransactions)
    .where(eq(cryptoTransactions.purchaseId, row.id))
    .orderBy(asc(cryptoTransactions.id));
  return toPurchase(row, steps, await queuePosition(db, row));
}

type LevelCounts = { stock: { type: number; n: number }[]; queued: { type: number; n: number }[] };
const COUNTS_TTL_MS = 1000;
const countsCache = new WeakMap<CryptoContext, { at: number; counts: Promise<LevelCounts> }>();

/** Stock and queue lengths, the busiest read of the market: cached briefly and dropped on every change here. */
function levelCounts(ctx: CryptoContext): Promise<LevelCounts> {
  const cached = countsCache.get(ctx);
  if (cached && Date.now() - cached.at < COUNTS_TTL_MS) return cached.counts;
  const counts = (async () => ({
    stock: await ctx.db
      .select({ type: nfts.type, n: count() })
      .from(nfts)
      .where(eq(nfts.status, 'LISTED'))
      .groupBy(nfts.type),
    queued: await ctx.db
      .select({ type: purchases.type, n: count() })
      .from(purchases)
      .where(eq(purchases.status, 'QUEUED'))
      .groupBy(purchases.type),
  }))();
  countsCache.set(ctx, { at: Date.now(), counts });
  counts.catch(() => countsCache.delete(ctx));
  return counts;
}

/** Stock or a queue changed: forget the cached counts and tell the market page. */
export function marketChanged(ctx: CryptoContext, level: SaleLevel) {
  countsCache.delete(ctx);
  ctx.events.market(level);
}

export async function getMarket(ctx: CryptoContext, userId?: number): Promise<Market> {
  const { stock, queued } = await levelCounts(ctx);
  const mine = userId
    ? await ctx.db
        .select()
        .from(purchases)
        .where(and(eq(purchases.userId, userId), inArray(purchases.status, ['QUEUED', 'PROCESSING'])))
    : [];
  const owned = userId ? await ctx.db.select({ type: nfts.type }).from(nfts).where(eq(nfts.ownerId, userId)) : [];
  const maxType = userId ? await maxBuyableType(ctx.db, userId) : -1;

  const levels = await Promise.all(
    SALE_LEVELS.map(async (level) => {
      const type = NFT_TYPE[level];
      const open = mine.find((p) => p.type === type);
      return {
        level,
        type,
        price: String(NFT_PRICE_USDT[level]),
        stock: stock.find((s) => s.type === type)?.n ?? 0,
        queueLength: queued.find((q) => q.type === type)?.n ?? 0,
        myQueuePosition: open ? await queuePosition(ctx.db, open) : null,
        myPurchaseId: open?.id ?? null,
        owned: owned.some((o) => o.type === type),
        kycAllowed: type <= maxType,
      };
    }),
  );
  return { levels };
}

export async function getListedNft(ctx: CryptoContext, id: number): Promise<ListedNft> {
  const [row] = await ctx.db
    .select()
    .from(nfts)
    .where(and(eq(nfts.id, id), eq(nfts.status, 'LISTED')));
  if (!row || row.type === NFT_TYPE.ICON) throw new AppError('NFT_NOT_FOR_SALE');
  const parentIds = [row.parent1Id, row.parent2Id].filter((p): p is number => p !== null);
  const domains = new Map<number, string | null>();
  if (parentIds.length)
    for (const u of await ctx.db
      .select({ id: users.id, domain: users.domain })
      .from(users)
      .where(inArray(users.id, parentIds)))
      domains.set(u.id, u.domain);
  return {
    ...toNft(row, domains),
    price: fromWei(priceOf(row.type)),
    listedAt: (row.listedAt ?? row.createdAt).toISOString(),
  };
}

/** The oldest listed token of a level (or the one asked for), locked so two buyers cannot both take it. */
async function takeListed(tx: Tx, type: number, nftId?: number) {
  const [row] = await tx
    .select()
    .from(nfts)
    .where(and(eq(nfts.type, type), eq(nfts.status, 'LISTED'), nftId ? eq(nfts.id, nftId) : undefined))
    .orderBy(asc(nfts.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

/**
 * POST /crypto/nft/buy. The price moves from available to escrow in the same database transaction
 * that reserves a listed token or, when none is free, queues the purchase (FIFO per level). The
 * purchase processor then runs GASING, APPROVE and BUY_NFT on chain.
 */
export async function buy(ctx: CryptoContext, userId: number, body: BuyRequest, key: string): Promise<Purchase> {
  const type = NFT_TYPE[body.level];
  const hash = requestHash({ level: body.level, nftId: body.nftId ?? null });
  const replay = await findByKey(ctx.db, userId, key, hash);
  if (replay) return replay;
  if (type > (await maxBuyableType(ctx.db, userId))) throw new AppError('KYC_REQUIRED');
  await ensureWallet(ctx, userId);
  const price = priceOf(type);

  let row: typeof purchases.$inferSelect;
  try {
    row = await ctx.db.transaction(async (tx) => {
      await lockWallet(tx, userId);
      const [owned] = await tx
        .select({ id: nfts.id })
        .from(nfts)
        .where(and(eq(nfts.ownerId, userId), eq(nfts.type, type)));
      if (owned) throw new AppError('LEVEL_ALREADY_OWNED');
      const [open] = await tx
        .select({ id: purchases.id })
        .from(purchases)
        .where(
          and(
            eq(purchases.userId, userId),
            eq(purchases.type, type),
            inArray(purchases.status, ['QUEUED', 'PROCESSING']),
          ),
        );
      if (open) throw new AppError('ALREADY_QUEUED');
      if ((await balancesOf(tx, userId)).available < price) throw new AppError('INSUFFICIENT_FUNDS');

      // A ?nft= link may take its token; otherwise nobody overtakes the people already waiting.
      const { waiting } = one(
        await tx
          .select({ waiting: count() })
          .from(purchases)
          .where(and(eq(purchases.type, type), eq(purchases.status, 'QUEUED'))),
      );
      const token = body.nftId
        ? await takeListed(tx, type, body.nftId)
        : waiting === 0
          ? await takeListed(tx, type)
          : undefined;

      const created = one(
        await tx
          .insert(purchases)
          .values({
            userId,
            type,
            price: price.toString(),
            status: token ? 'PROCESSING' : 'QUEUED',
            requestedNftId: body.nftId ?? null,
            nftId: token?.id ?? null,
            idempotencyKey: key,
            requestHash: hash,
          })
          .returning(),
      );
      if (token)
        await tx.update(nfts).set({ status: 'RESERVED', reservedFor: created.id }).where(eq(nfts.id, token.id));
      await post(tx, {
        memo: token ? 'purchase paid' : 'purchase prepaid into the queue',
        purchaseId: created.id,
        postings: move('available', 'escrow', price, userId, userId),
      });
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      const winner = await findByKey(ctx.db, userId, key, hash);
      if (winner) return winner;
      throw new AppError('ALREADY_QUEUED');
    }
    throw error;
  }
  const purchase = await describePurchase(ctx.db, row);
  ctx.events.purchase(userId, purchase);
  ctx.events.wallet(userId, { reason: 'purchase' });
  marketChanged(ctx, body.level);
  if (row.status === 'QUEUED') await serveQueue(ctx, type);
  ctx.wake();
  return purchase.status === 'QUEUED'
    ? describePurchase(ctx.db, one(await ctx.db.select().from(purchases).where(eq(purchases.id, row.id))))
    : purchase;
}

async function findByKey(db: Db, userId: number, key: string, hash: string): Promise<Purchase | null> {
  const [row] = await db
    .select()
    .from(purchases)
    .where(and(eq(purchases.userId, userId), eq(purchases.idempotencyKey, key)));
  if (!row) return null;
  if (row.requestHash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return describePurchase(db, row);
}

export async function getPurchase(ctx: CryptoContext, userId: number, id: number): Promise<Purchase> {
  const [row] = await ctx.db
    .select()
    .from(purchases)
    .where(and(eq(purchases.id, id), eq(purchases.userId, userId)));
  if (!row) throw new AppError('NOT_FOUND');
  return describePurchase(ctx.db, row);
}

export async function listPurchases(ctx: CryptoContext, userId: number): Promise<{ items: Purchase[] }> {
  const rows = await ctx.db
    .select()
    .from(purchases)
    .where(eq(purchases.userId, userId))
    .orderBy(desc(purchases.id))
    .limit(20);
  return { items: await Promise.all(rows.map((row) => describePurchase(ctx.db, row))) };
}

/** A queued purchase can be cancelled until a token is assigned to it; the prepayment comes back. */
export async function cancelPurchase(ctx: CryptoContext, userId: number, id: number): Promise<Purchase> {
  const row = await ctx.db.transaction(async (tx) => {
    await lockWallet(tx, userId);
    const [current] = await tx
      .select()
      .from(purchases)
      .where(and(eq(purchases.id, id), eq(purchases.userId, userId)))
      .for('update');
    if (!current) throw new AppError('NOT_FOUND');
    if (current.status !== 'QUEUED') throw new AppError('PURCHASE_NOT_CANCELABLE');
    const canceled = one(
      await tx.update(purchases).set({ status: 'CANCELED' }).where(eq(purchases.id, id)).returning(),
    );
    await post(tx, {
      memo: 'queued purchase cancelled, refunded',
      purchaseId: id,
      postings: move('escrow', 'available', BigInt(current.price), userId, userId),
    });
    await publish(tx, 'purchase.refunded', {
      userId,
      purchaseId: id,
      level: current.type,
      price: current.price,
      reason: 'cancelled',
    });
    return canceled;
  });
  const purchase = await describePurchase(ctx.db, row);
  ctx.events.purchase(userId, purchase);
  ctx.events.wallet(userId, { reason: 'refund' });
  marketChanged(ctx, levelName(row.type) as SaleLevel);
  return purchase;
}

/**
 * A queued purchase whose buyer may no longer buy its level (KYC revoked or lowered since it was
 * queued) fails with KYC_REQUIRED and its prepayment returns. The wallet is locked before the
 * purchase row, in the order cancelPurchase takes them, so the two cannot deadlock.
 */
async function refuseQueued(ctx: CryptoContext, purchaseId: number, userId: number): Promise<boolean> {
  const refused = await ctx.db.transaction(async (tx) => {
    await lockWallet(tx, userId);
    const [current] = await tx
      .select()
      .from(purchases)
      .where(and(eq(purchases.id, purchaseId), eq(purchases.status, 'QUEUED')))
      .for('update');
    if (!current || current.type <= (await maxBuyableType(tx, userId))) return null;
    const failed = one(
      await tx
        .update(purchases)
        .set({ status: 'FAILED', error: 'KYC_REQUIRED' })
        .where(eq(purchases.id, purchaseId))
        .returning(),
    );
    await post(tx, {
      memo: 'queued purchase refused (KYC level), refunded',
      purchaseId,
      postings: move('escrow', 'available', BigInt(current.price), userId, userId),
    });
    await publish(tx, 'purchase.refunded', {
      userId,
      purchaseId,
      level: current.type,
      price: current.price,
      reason: 'refused',
    });
    return failed;
  });
  if (!refused) return false;
  ctx.events.purchase(userId, await describePurchase(ctx.db, refused));
  ctx.events.wallet(userId, { reason: 'refund' });
  return true;
}

/**
 * Gives listed tokens of a level to the head of its queue, one by one, until one side runs out.
 * Each head is checked against the KYC gate as it is served: the gate may have closed since it queued.
 */
export async function serveQueue(ctx: CryptoContext, type: number): Promise<number> {
  let served = 0;
  let refused = 0;
  for (;;) {
    type Outcome = { refuse: PurchaseRow } | { assigned: PurchaseRow } | null;
    const outcome = await ctx.db.transaction(async (tx): Promise<Outcome> => {
      const [head] = await tx
        .select()
        .from(purchases)
        .where(and(eq(purchases.type, type), eq(purchases.status, 'QUEUED')))
        .orderBy(asc(purchases.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!head) return null;
      const token = await takeListed(tx, type);
      if (!token) return null;
      // Only a head that would get a token now is refused: a re-approval before that keeps its place.
      if (head.type > (await maxBuyableType(tx, head.userId))) return { refuse: head };
      await tx.update(nfts).set({ status: 'RESERVED', reservedFor: head.id }).where(eq(nfts.id, token.id));
      return {
        assigned: one(
          await tx
            .update(purchases)
            .set({ status: 'PROCESSING', nftId: token.id })
            .where(eq(purchases.id, head.id))
            .returning(),
        ),
      };
    });
    if (!outcome) break;
    if ('refuse' in outcome) {
      if (await refuseQueued(ctx, outcome.refuse.id, outcome.refuse.userId)) refused++;
      continue;
    }
    served++;
    ctx.events.purchase(outcome.assigned.userId, await describePurchase(ctx.db, outcome.assigned));
  }
  if (refused && !served) marketChanged(ctx, levelName(type) as SaleLevel);
  if (served) {
    marketChanged(ctx, levelName(type) as SaleLevel);
    ctx.wake();
  }
  return served;
}

/** Records tokens the market contract created (supply, a mint or a grant) and serves the queue. */
export async function recordCreatedTokens(
  ctx: CryptoContext,
  tokens: { ids: number[]; type: number; txHash: string; parent1Id?: number; parent2Id?: number; ownerId?: number },
): Promise<void> {
  const now = new Date();
  await ctx.db
    .insert(nfts)
    .values(
      tokens.ids.map((id) => ({
        id,
        type: tokens.type,
        status: tokens.ownerId ? ('OWNED' as const) : ('LISTED' as const),
        ownerId: tokens.ownerId ?? null,
        parent1Id: tokens.parent1Id ?? null,
        parent2Id: tokens.parent2Id ?? null,
        listedAt: tokens.ownerId ? null : now,
        acquiredAt: tokens.ownerId ? now : null,
        createdTxHash: tokens.txHash,
      })),
    )
    .onConflictDoNothing();
  if (!tokens.ownerId) {
    marketChanged(ctx, levelName(tokens.type) as SaleLevel);
    await serveQueue(ctx, tokens.type);
  }
}

/** Waits for a transaction the treasury sent and returns the token ids it created. */
export async function awaitCreated(ctx: CryptoContext, hash: `0x${string}`, timeoutMs = 120_000): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const receipt = await ctx.chain.receipt(hash);
    if (receipt?.status === 'reverted') throw new AppError('TRANSACTION_FAILED');
    if (receipt) return ctx.chain.createdTokenIds(hash);
    if (Date.now() > deadline) throw new AppError('CHAIN_UNAVAILABLE');
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Admin: lists `count` new tokens of a level (the initial supply). */
export async function addSupply(
  ctx: CryptoContext,
  level: SaleLevel,
  count: number,
  actor: AuditActor,
): Promise<{ ids: number[] }> {
  const type = NFT_TYPE[level];
  const hash = await ctx.chain.supply(
    type,
    count,
    journaled(ctx, { purpose: 'supply', detail: { type, count } }, (tx, signed) =>
      auditSend(tx, signed, actor, { action: 'nft.supply', targetType: 'market', targetId: level, after: { count } }),
    ),
  );
  crashPoint('supply.sent');
  const ids = await awaitCreated(ctx, hash);
  await recordCreatedTokens(ctx, { ids, type, txHash: hash });
  await settleSend(ctx, hash, 'mined');
  return { ids };
}

/**
 * The chain workers' part: supplies and grants whose request ended before their tokens were
 * recorded (a crash, a slow chain) are recorded here from the journal, or sent again.
 */
export async function settleTokenSends(ctx: CryptoContext, graceMs = 5_000): Promise<void> {
  for (const purpose of ['supply', 'grant'] as const) {
    for (const send of await unsettledSends(ctx, purpose, graceMs)) {
      const receipt = await ctx.chain.receipt(send.hash as `0x${string}`);
      if (!receipt) {
        await resumeSend(ctx, send.hash);
        continue;
      }
      if (receipt.status === 'success') {
        const detail = send.detail as { type: number; ownerId?: number };
        const ids = await ctx.chain.createdTokenIds(send.hash as `0x${string}`);
        await recordCreatedTokens(ctx, { ids, type: detail.type, txHash: send.hash, ownerId: detail.ownerId });
      }
      await settleSend(ctx, send.hash, receipt.status === 'reverted' ? 'reverted' : 'mined');
    }
  }
}

/**
 * The staff member's order goes to the audit log in the transaction that journals its chain
 * transaction: the change is decided there (the journal finishes it after any crash). A broadcast
 * the node refused (`signed` null) never ran and adds nothing.
 */
function auditSend(
  tx: Tx,
  signed: SignedTransaction | null,
  actor: AuditActor,
  entry: Pick<AuditEntry, 'action' | 'targetType' | 'targetId' | 'after'>,
) {
  if (!signed) return Promise.resolve();
  return recordAudit(tx, { ...actor, ...entry, after: { ...entry.after, txHash: signed.hash } });
}

/** Admin: gives an ICON token to a user; it is never sold. */
export async function grantIcon(ctx: CryptoContext, userId: number, actor: AuditActor): Promise<{ id: number }> {
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('NOT_FOUND');
  const [held] = await ctx.db
    .select({ id: nfts.id })
    .from(nfts)
    .where(and(eq(nfts.ownerId, userId), eq(nfts.type, NFT_TYPE.ICON)));
  if (held) throw new AppError('LEVEL_ALREADY_OWNED');
  const address = await ensureWallet(ctx, userId);
  const hash = await ctx.chain.grant(
    NFT_TYPE.ICON,
    address as `0x${string}`,
    journaled(ctx, { purpose: 'grant', detail: { type: NFT_TYPE.ICON, ownerId: userId } }, (tx, signed) =>
      auditSend(tx, signed, actor, { action: 'nft.icon.grant', targetType: 'user', targetId: userId, after: {} }),
    ),
  );
  const id = one(await awaitCreated(ctx, hash));
  await recordCreatedTokens(ctx, { ids: [id], type: NFT_TYPE.ICON, txHash: hash, ownerId: userId });
  await settleSend(ctx, hash, 'mined');
  return { id };
}
