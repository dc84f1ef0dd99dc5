import type { TFunction } from 'i18next';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long something has waited, in its two largest units ("1 day 3 hours", "2 hours 5 minutes",
 * "12 minutes"): precise enough for a queue, short enough for a list row. Under a minute reads as
 * "0 minutes" rather than a ticking second count.
 */
export function formatElapsed(t: TFunction, ms: number): string {
  const left = Math.max(0, ms);
  const days = Math.floor(left / DAY);
  const hours = Math.floor((left % DAY) / HOUR);
  const minutes = Math.floor((left % HOUR) / MINUTE);
  if (days)
    return [t('common:units.days', { count: days }), hours && t('common:units.hours', { count: hours })]
      .filter(Boolean)
      .join(' ');
  if (hours)
    return [t('common:units.hours', { count: hours }), minutes && t('common:units.minutes', { count: minutes })]
      .filter(Boolean)
      .join(' ');
  return t('common:units.minutes', { count: minutes });
}
