import type { CpaPeriod, CpaStats } from '@app/shared/schemas/cpa-programme';

type Day = CpaStats['days'][number];

const PERIOD_DAYS: Record<CpaPeriod, number | null> = { '7d': 7, '30d': 30, '90d': 90, all: null };
/** "All time" drawn day by day stops being readable long before this; older days are left out of the chart. */
const MAX_DAYS = 366;
const DAY_MS = 86_400_000;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The chart's days: the API lists only days on which something was counted (UTC calendar days);
 * the chart needs every day of the period, the quiet ones at zero, ending today. "All time" starts
 * at the first counted day.
 */
export function fillDays(days: Day[], period: CpaPeriod, now: number): Day[] {
  const today = Date.parse(`${isoDay(now)}T00:00:00Z`);
  const span = PERIOD_DAYS[period];
  const first = span
    ? today - (span - 1) * DAY_MS
    : days.length
      ? Math.min(today, Date.parse(`${days[0]!.day}T00:00:00Z`))
      : today;
  const start = Math.max(first, today - (MAX_DAYS - 1) * DAY_MS);
  const byDay = new Map(days.map((d) => [d.day, d]));
  const filled: Day[] = [];
  for (let ms = start; ms <= today; ms += DAY_MS) {
    const day = isoDay(ms);
    filled.push(byDay.get(day) ?? { day, hits: 0, regs: 0, value: '0', profit: '0', paid: '0' });
  }
  return filled;
}
