import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ReferralFlags, ReferralRewards, ReferralRewardsQuery } from '@app/shared/schemas/referral';
import type { Db } from '../../db/client';
import { referralFlags, referralIncomeDays, referralRewards, users } from '../../db/schema';
import { fromWei } from '../../lib/wei';
import { maskName } from './stats';

/** GET /referral/rewards: the caller's rewards, newest first, filtered by source and status. */
export async function listRewards(db: Db, userId: number, query: ReferralRewardsQuery): Promise<ReferralRewards> {
  const conditions: SQL[] = [eq(referralRewards.beneficiaryId, userId)];
  if (query.source) conditions.push(eq(referralRewards.source, query.source));
  if (query.status) conditions.push(eq(referralRewards.status, query.status));
  const where = and(...conditions);
  // The count comes from the day rollup: counting 100,000 rewards would cost more than the page.
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`coalesce(sum(${referralIncomeDays.rewards}), 0)::int` })
    .from(referralIncomeDays)
    .where(
      and(
        eq(referralIncomeDays.beneficiaryId, userId),
        query.source ? eq(referralIncomeDays.source, query.source) : undefined,
        query.status ? eq(referralIncomeDays.status, query.status) : undefined,
      ),
    );
  const rows = await db
    .select({
      reward: referralRewards,
      name: sql<string>`coalesce(nullif(${users.domain}, ''), nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), ''), 'UID ' || ${users.id})`,
    })
    .from(referralRewards)
    .innerJoin(users, eq(users.id, referralRewards.referralId))
    .where(where)
    .orderBy(desc(referralRewards.id))
    .offset(query.offset)
    .limit(query.limit);
  return {
    total,
    items: rows.map(({ reward, name }) => ({
      id: reward.id,
      source: reward.source,
      status: reward.status,
      level: reward.level,
      amount: fromWei(reward.amount),
      referral: maskName(name),
      releaseAt: reward.releaseAt.toISOString(),
      createdAt: reward.createdAt.toISOString(),
    })),
  };
}

/** GET /referral/flags (admins): rewards withheld as self-referral, newest first, both people named. */
export async function listFlags(db: Db, offset: number, limit: number): Promise<ReferralFlags> {
  const beneficiary = alias(users, 'beneficiary');
  const referral = alias(users, 'referral');
  const person = (table: typeof beneficiary | typeof referral) => ({
    id: table.id,
    email: table.email,
    domain: table.domain,
    firstName: table.firstName,
    lastName: table.lastName,
  });
  const [[{ total } = { total: 0 }], rows] = await Promise.all([
    db.select({ total: sql<number>`count(*)::int` }).from(referralFlags),
    db
      .select({ flag: referralFlags, beneficiary: person(beneficiary), referral: person(referral) })
      .from(referralFlags)
      .innerJoin(beneficiary, eq(beneficiary.id, referralFlags.beneficiaryId))
      .innerJoin(referral, eq(referral.id, referralFlags.referralId))
      .orderBy(desc(referralFlags.id))
      .offset(offset)
      .limit(limit),
  ]);
  return {
    total,
    items: rows.map((row) => ({
      id: row.flag.id,
      beneficiaryId: row.flag.beneficiaryId,
      referralId: row.flag.referralId,
      beneficiary: row.beneficiary,
      referral: row.referral,
      reason: row.flag.reason,
      createdAt: row.flag.createdAt.toISOString(),
    })),
  };
}
