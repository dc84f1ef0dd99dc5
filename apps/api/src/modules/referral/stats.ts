import { sql } from 'drizzle-orm';
import type { ReferralPeriod, ReferralStats } from '@app/shared/schemas/referral';
import { formatPromocode } from '@app/shared/validation/rules';
import type { Db } from '../../db/client';
import { fromWei } from '../../lib/wei';
import { rowsOf } from './rows';
import { usernameSql } from './tree';

const DAY = 86_400_000;
const PERIOD_DAYS: Record<ReferralPeriod, number> = { '7d': 7, '14d': 14, month: 30 };

/** "Anna Smith" -> "A*** S***": top referrals are shown to the person above them, never in full. */
export const maskName = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => `${[...word][0]}***`)
    .join(' ');

const utcDay = (ms: number) => Math.floor(ms / DAY) * DAY;

interface Sums {
  total: string;
  month: string;
  pending: string;
  available: string;
  income: string;
  basic_meeting: string;
  paid_meeting: string;
  business_purchase: string;
  active: number;
}

/**
 * GET /referral/stats: the referral screen's figures from the rewards (themselves mirrored in the
 * ledger) for the period (the last 7, 14 or 30 UTC days, today included), read from the rollups the
 * rewards keep in their own transactions.
 */
export async function referralStats(
  db: Db,
  userId: number,
  period: ReferralPeriod,
  now: number,
): Promise<ReferralStats> {
  const days = PERIOD_DAYS[period];
  const since = new Date(utcDay(now) - (days - 1) * DAY);
  const today = new Date(now);
  const monthStart = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1));
  const sinceDay = since.toISOString().slice(0, 10);
  const monthDay = monthStart.toISOString().slice(0, 10);
  const earned = sql`d.status in ('pending', 'available')`;
  const inPeriod = sql`d.day >= ${sinceDay}::date`;
  const sumWhere = (condition: ReturnType<typeof sql>) =>
    sql`coalesce(sum(d.amount) filter (where ${condition}), 0)::text`;

  // The sums read the day rollup (rollups.ts): a few rows per day, however many rewards.
  const [sums] = await rowsOf<Sums>(
    db,
    sql`select
      ${sumWhere(earned)} as total,
      ${sumWhere(sql`${earned} and d.day >= ${monthDay}::date`)} as month,
      ${sumWhere(sql`d.status = 'pending'`)} as pending,
      ${sumWhere(sql`d.status = 'available'`)} as available,
      ${sumWhere(sql`${earned} and ${inPeriod}`)} as income,
      ${sumWhere(sql`${earned} and ${inPeriod} and d.source = 'basic_meeting'`)} as basic_meeting,
      ${sumWhere(sql`${earned} and ${inPeriod} and d.source = 'paid_meeting'`)} as paid_meeting,
      ${sumWhere(sql`${earned} and ${inPeriod} and d.source = 'business_purchase'`)} as business_purchase,
      (select count(*)::int from referral_closure a
        where a.ancestor_id = ${userId} and a.last_rewarded_at >= ${since}) as active
    from referral_income_days d where d.beneficiary_id = ${userId}`,
  );
  const [counts] = await rowsOf<{ attracted: number; hits: number; registrations: number }>(
    db,
    sql`select
      (select count(*)::int from referral_closure c where c.ancestor_id = ${userId}) as attracted,
      (select count(*)::int from referral_hits h where h.referrer_id = ${userId} and h.created_at >= ${since}) as hits,
      (select count(*)::int from referral_closure c
        where c.ancestor_id = ${userId} and c.created_at >= ${since} and c.depth = 1) as registrations`,
  );
  const daily = await rowsOf<{ day: string; income: string; registrations: number }>(
    db,
    sql`with days as (
      select (${sinceDay}::date + n) as day from generate_series(0, ${days - 1}) n
    ), income as (
      select d.day, sum(d.amount) as amount from referral_income_days d
      where d.beneficiary_id = ${userId} and ${inPeriod} and ${earned}
      group by d.day
    ), joined as (
      select (c.created_at at time zone 'UTC')::date as day, count(*)::int as n
      from referral_closure c
      where c.ancestor_id = ${userId} and c.created_at >= ${since} and c.depth = 1
      group by 1
    )
    select to_char(days.day, 'YYYY-MM-DD') as day,
      coalesce(income.amount, 0)::text as income, coalesce(joined.n, 0) as registrations
    from days
    left join income on income.day = days.day
    left join joined on joined.day = days.day
    order by days.day`,
  );
  const top = await rowsOf<{ username: string; income: string }>(
    db,
    sql`with best as (
      select m.referral_id, m.amount from referral_income_months m
      where m.beneficiary_id = ${userId} and m.month = ${monthDay.slice(0, 7)} and m.amount > 0
      order by m.amount desc limit 5
    )
    select ${usernameSql} as username, best.amount::text as income
    from best join users u on u.id = best.referral_id order by best.amount desc`,
  );
  const s = sums!;
  const c = counts!;
  return {
    promocode: formatPromocode(userId),
    period,
    incomeTotal: fromWei(s.total),
    incomeMonth: fromWei(s.month),
    pending: fromWei(s.pending),
    available: fromWei(s.available),
    activeReferrals: s.active,
    totalAttracted: c.attracted,
    income: fromWei(s.income),
    bySource: {
      basic_meeting: fromWei(s.basic_meeting),
      paid_meeting: fromWei(s.paid_meeting),
      business_purchase: fromWei(s.business_purchase),
    },
    hits: c.hits,
    registrations: c.registrations,
    conversion: c.hits ? Math.round((c.registrations / c.hits) * 1000) / 10 : 0,
    daily: daily.map((d) => ({ day: d.day, income: fromWei(d.income), registrations: d.registrations })),
    top: top.map((t) => ({ name: maskName(t.username), income: fromWei(t.income) })),
  };
}
