import { and, gte, inArray } from 'drizzle-orm';
import { SALE_LEVELS } from '@app/shared/constants';
import type { MonitorBucket, MonitorPeriod, MonitorSeries } from '@app/shared/schemas/monitor';
import type { Db } from '../../db/client';
import { dailyRollups } from '../../db/schema';
import { fromWei } from '../../lib/wei';
import { dayOf } from './rollups';

const DAY_MS = 86_400_000;

/** How many buckets each period shows, ending with the current one. */
const BUCKETS: Record<MonitorPeriod, number> = { day: 30, week: 26, month: 12 };

/** The first day (UTC) of the bucket a day falls in. */
export function bucketStart(day: string, period: MonitorPeriod): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (period === 'month') return `${day.slice(0, 7)}-01`;
  if (period === 'week') return dayOf(new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * DAY_MS));
  return day;
}

/** The starts of the period's buckets, oldest first, the last holding `today`. */
export function bucketStarts(today: string, period: MonitorPeriod): string[] {
  const last = new Date(`${bucketStart(today, period)}T00:00:00Z`);
  return Array.from({ length: BUCKETS[period] }, (_, i) => {
    const back = BUCKETS[period] - 1 - i;
    if (period === 'month') return dayOf(new Date(Date.UTC(last.getUTCFullYear(), last.getUTCMonth() - back, 1)));
    return dayOf(new Date(last.getTime() - back * (period === 'week' ? 7 : 1) * DAY_MS));
  });
}

/** The charts' data from the daily rollups: at most a year of small rows, summed into buckets. */
export async function readSeries(db: Db, period: MonitorPeriod, now = new Date()): Promise<MonitorSeries> {
  const starts = bucketStarts(dayOf(now), period);
  const rows = await db
    .select()
    .from(dailyRollups)
    .where(
      and(
        gte(dailyRollups.day, starts[0]!),
        inArray(dailyRollups.metric, ['registrations', 'meetings', 'mints', 'sales', 'deposits', 'withdrawals']),
      ),
    );
  const buckets = new Map(
    starts.map((start) => [
      start,
      { registrations: 0, meetings: 0, mints: 0, sales: SALE_LEVELS.map(() => 0), deposits: 0n, withdrawals: 0n },
    ]),
  );
  for (const row of rows) {
    const bucket = buckets.get(bucketStart(row.day, period));
    if (!bucket) continue;
    switch (row.metric) {
      case 'registrations':
      case 'meetings':
      case 'mints':
        bucket[row.metric] += row.count;
        break;
      case 'sales': {
        const level = Number(row.dimension);
        if (level in bucket.sales) bucket.sales[level]! += row.count;
        break;
      }
      case 'deposits':
        if (row.dimension === 'USDT') bucket.deposits += BigInt(row.amount);
        break;
      case 'withdrawals':
        bucket.withdrawals += BigInt(row.amount);
        break;
    }
  }
  return {
    period,
    buckets: [...buckets].map(([start, b]): MonitorBucket => ({
      start,
      registrations: b.registrations,
      meetings: b.meetings,
      mints: b.mints,
      sales: b.sales,
      deposits: fromWei(b.deposits),
      withdrawals: fromWei(b.withdrawals),
    })),
  };
}
