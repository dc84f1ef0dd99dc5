import { z } from 'zod';

/**
 * The admin monitor (/control/monitor): live figures pushed to staff over the socket
 * ('monitor:figures'), and charts over time from the daily rollups. Amounts are USDT in whole
 * units as decimal strings, like the wallet's.
 */

const count = z.number().int().nonnegative();
const usdt = z.string();

export const monitorFiguresSchema = z.object({
  /** When the figures were read (ISO). */
  at: z.string(),
  online: count,
  raisedHands: count,
  meetingsInProgress: count,
  registrationsToday: count,
  mintsToday: count,
  salesToday: count,
  revenueToday: usdt,
  deposits: z.object({ pending: count, creditedToday: count, amountToday: usdt, failed: count }),
  withdrawals: z.object({ pending: count, sentToday: count, amountToday: usdt, failed: count }),
  kyc: z.object({ queue: count, oldestSubmittedAt: z.string().nullable() }),
  failedJobs: count,
  failedPostbacks: count,
  reconciliationDifferences: count,
});
export type MonitorFigures = z.infer<typeof monitorFiguresSchema>;

export const MONITOR_PERIODS = ['day', 'week', 'month'] as const;
export type MonitorPeriod = (typeof MONITOR_PERIODS)[number];

export const monitorSeriesQuerySchema = z.object({ period: z.enum(MONITOR_PERIODS).default('day') });

/** One bar of a chart: a day, a week (from its Monday) or a month (from its first day). */
export const monitorBucketSchema = z.object({
  /** The bucket's first day, YYYY-MM-DD (UTC). */
  start: z.string(),
  registrations: count,
  meetings: count,
  mints: count,
  /** Sales per level, by the level's number (0 SILVER, 1 GOLD, 2 PLATINUM). */
  sales: z.array(count),
  deposits: usdt,
  withdrawals: usdt,
});
export type MonitorBucket = z.infer<typeof monitorBucketSchema>;

export const monitorSeriesSchema = z.object({
  period: z.enum(MONITOR_PERIODS),
  buckets: z.array(monitorBucketSchema),
});
export type MonitorSeries = z.infer<typeof monitorSeriesSchema>;

/** The monitor's room: the socket joins it with 'monitor:watch' (admins only). */
export const MONITOR_ROOM = 'staff:monitor';

export const MONITOR_PATHS = {
  figures: '/control/monitor/figures',
  series: '/control/monitor/series',
} as const;
