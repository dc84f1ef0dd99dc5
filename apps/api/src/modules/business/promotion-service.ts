import { and, asc, desc, eq, gt, isNull, lte } from 'drizzle-orm';
import type { PromotedPin, Promotion, PromotionDays, PromotionOffer } from '@app/shared/schemas/business';
import { PROMOTION_DAYS } from '@app/shared/schemas/business';
import { isUniqueViolation, type Db, type Tx } from '../../db/client';
import { one } from '../../db/rows';
import { businessPromotions, companies } from '../../db/schema';
import { publish } from '../../events/event-bus';
import { AppError } from '../../lib/app-error';
import { fromWei, toWei } from '../../lib/wei';
import type { WalletPort } from './wallet-port';
import { photosOf, toCard, type CompanyRow } from './representations';

type PromotionRow = typeof businessPromotions.$inferSelect;
const DAY_MS = 86_400_000;
/** Degrees of latitude per metre: the box the database filters by before the exact distance. */
const DEG_PER_M = 1 / 111_320;

export interface PromotionServiceDeps {
  db: Db;
  /** The wallet (crypto module); absent when the app runs without a chain: nothing can be bought. */
  payments?: WalletPort;
  /** USDT per length, from configuration. */
  prices: Record<PromotionDays, string>;
  now(): number;
}

function statusOf(row: PromotionRow, now: number): Promotion['status'] {
  if (row.refundedAt) return 'refunded';
  if (row.endedAt || row.endsAt.getTime() <= now) return 'ended';
  return row.startsAt.getTime() > now ? 'scheduled' : 'active';
}

const toPromotion = (row: PromotionRow, now: number): Promotion => ({
  id: row.id,
  days: row.days,
  price: fromWei(row.price),
  startsAt: row.startsAt.toISOString(),
  // A promotion ended early (its company removed) shows when it really stopped.
  endsAt: (row.endedAt && row.endedAt < row.endsAt ? row.endedAt : row.endsAt).toISOString(),
  status: statusOf(row, now),
});

function metresBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

/**
 * A company's promoted pin: bought from the wallet's available balance with an idempotency key
 * (one payment per key however many requests carry it), shown on the map from its start to its
 * end, and reported to the referral programme by `promotion.purchased` in the payment's transaction.
 */
export function createPromotionService(deps: PromotionServiceDeps) {
  const { db } = deps;
  const priceOf = (days: PromotionDays) => toWei(deps.prices[days]);

  function wallet(): WalletPort {
    if (!deps.payments) throw new AppError('SERVICE_UNAVAILABLE');
    return deps.payments;
  }

  async function byKey(db: Db | Tx, userId: number, key: string, hash: string) {
    const [row] = await db
      .select()
      .from(businessPromotions)
      .where(and(eq(businessPromotions.userId, userId), eq(businessPromotions.idempotencyKey, key)));
    if (row && row.requestHash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    return row;
  }

  return {
    idempotencyKey: (header: string | string[] | undefined) => wallet().idempotencyKey(header),

    async offer(userId: number): Promise<PromotionOffer> {
      return {
        prices: PROMOTION_DAYS.map((days) => ({ days, price: fromWei(priceOf(days)) })),
        available: fromWei(deps.payments ? await deps.payments.available(userId) : 0n),
      };
    },

    async buy(userId: number, days: PromotionDays, key: string): Promise<Promotion> {
      const payments = wallet();
      const hash = payments.requestHash({ days });
      const replay = await byKey(db, userId, key, hash);
      if (replay) return toPromotion(replay, deps.now());
      await payments.open(userId);
      const price = priceOf(days);
      let row: PromotionRow;
      try {
        row = await db.transaction(async (tx) => {
          // The money lock first: concurrent requests of this person queue here, so the second
          // one with the same key finds the first one's promotion instead of paying again.
          await payments.lock(tx, userId);
          const paid = await byKey(tx, userId, key, hash);
          if (paid) return paid;
          const [company] = await tx.select().from(companies).where(eq(companies.ownerId, userId));
          if (!company) throw new AppError('COMPANY_NOT_FOUND');
          if (company.lat === null || company.lng === null) throw new AppError('COMPANY_PLACE_REQUIRED');
          // Bought while another runs or waits: it starts when the last one ends.
          const [last] = await tx
            .select({ endsAt: businessPromotions.endsAt })
            .from(businessPromotions)
            .where(and(eq(businessPromotions.companyId, company.id), isNull(businessPromotions.endedAt)))
            .orderBy(desc(businessPromotions.endsAt))
            .limit(1);
          const now = deps.now();
          const startsAt = new Date(Math.max(now, last?.endsAt.getTime() ?? 0));
          const created = one(
            await tx
              .insert(businessPromotions)
              .values({
                companyId: company.id,
                companyName: company.name,
                userId,
                days,
                price: price.toString(),
                startsAt,
                endsAt: new Date(startsAt.getTime() + days * DAY_MS),
                idempotencyKey: key,
                requestHash: hash,
              })
              .returning(),
          );
          await payments.charge(tx, {
            userId,
            amount: price,
            memo: `business promotion ${created.id}`,
            promotion: { id: created.id, companyName: company.name, days },
          });
          await publish(tx, 'promotion.purchased', {
            userId,
            companyId: company.id,
            promotionId: created.id,
            days,
            price: price.toString(),
          });
          return created;
        });
      } catch (error) {
        if (!isUniqueViolation(error, 'business_promotions_idempotency_unique')) throw error;
        row = (await byKey(db, userId, key, hash))!;
      }
      payments.changed(userId, 'purchase');
      return toPromotion(row, deps.now());
    },

    /** The promotions of the person's current company, newest first (history of a removed one stays in the table). */
    async historyOf(userId: number): Promise<Promotion[]> {
      const rows = await db
        .select({ promotion: businessPromotions })
        .from(businessPromotions)
        .innerJoin(companies, eq(companies.id, businessPromotions.companyId))
        .where(eq(companies.ownerId, userId))
        .orderBy(desc(businessPromotions.startsAt))
        .limit(20);
      const now = deps.now();
      return rows.map((r) => toPromotion(r.promotion, now));
    },

    /** Promoted pins running now within `radius` metres of a point, nearest first. */
    async promotedNear(at: { lat: number; lng: number }, radius: number): Promise<PromotedPin[]> {
      const now = new Date(deps.now());
      const dLat = radius * DEG_PER_M;
      const dLng = dLat / Math.max(0.01, Math.cos((at.lat * Math.PI) / 180));
      const rows = await db
        .select({ promotion: businessPromotions, company: companies })
        .from(businessPromotions)
        .innerJoin(companies, eq(companies.id, businessPromotions.companyId))
        .where(
          and(
            isNull(businessPromotions.endedAt),
            lte(businessPromotions.startsAt, now),
            gt(businessPromotions.endsAt, now),
            lte(companies.lat, at.lat + dLat),
            gt(companies.lat, at.lat - dLat),
            lte(companies.lng, at.lng + dLng),
            gt(companies.lng, at.lng - dLng),
          ),
        )
        .orderBy(asc(businessPromotions.id))
        .limit(200);
      const near = rows
        .map((r) => ({ ...r, distance: metresBetween(at, { lat: r.company.lat!, lng: r.company.lng! }) }))
        .filter((r) => r.distance <= radius)
        .sort((a, b) => a.distance - b.distance);
      const photos = await photosOf(
        db,
        near.map((r) => r.company.id),
      );
      return near.map((r) => ({
        promotionId: r.promotion.id,
        endsAt: r.promotion.endsAt.toISOString(),
        company: toCard(r.company, photos.get(r.company.id) ?? []),
      }));
    },

    /** Runs `work` in a transaction holding the person's money lock (taken before any company row). */
    async withWallet<T>(userId: number, work: (tx: Tx) => Promise<T>): Promise<T> {
      if (deps.payments) await deps.payments.open(userId);
      const result = await db.transaction(async (tx) => {
        if (deps.payments) await deps.payments.lock(tx, userId);
        return work(tx);
      });
      deps.payments?.changed(userId, 'refund');
      return result;
    },

    /**
     * The company is being removed (decision 031): the running promotion ends now without a
     * refund (its days were shown); one bought ahead that has not started goes back to the wallet
     * in full, and `promotion.refunded` tells the referral programme to reverse its reward.
     */
    async endForRemoval(tx: Tx, company: CompanyRow): Promise<void> {
      const now = new Date(deps.now());
      const open = await tx
        .select()
        .from(businessPromotions)
        .where(
          and(
            eq(businessPromotions.companyId, company.id),
            isNull(businessPromotions.endedAt),
            gt(businessPromotions.endsAt, now),
          ),
        );
      for (const row of open) {
        const notStarted = row.startsAt > now;
        await tx
          .update(businessPromotions)
          .set({ endedAt: now, ...(notStarted && { refundedAt: now }) })
          .where(eq(businessPromotions.id, row.id));
        if (!notStarted) continue;
        await wallet().refund(tx, {
          userId: row.userId,
          amount: BigInt(row.price),
          memo: `business promotion ${row.id} refunded`,
          promotionId: row.id,
        });
        await publish(tx, 'promotion.refunded', {
          userId: row.userId,
          companyId: company.id,
          promotionId: row.id,
          price: row.price,
        });
      }
    },
  };
}
export type PromotionService = ReturnType<typeof createPromotionService>;
