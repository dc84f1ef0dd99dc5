import type { TFunction } from 'i18next';

export interface DurationParts {
  hours: number;
  minutes: number;
  /** Only when seconds are asked for and less than an hour is left. */
  seconds: number | null;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Splits a time left into hours, minutes and, below an hour, seconds. It rounds up to the smallest
 * unit shown, so a wait never reads "0 minutes" while time remains, and reaches zero only at zero.
 */
export function splitDuration(ms: number, withSeconds = false): DurationParts {
  const left = Math.max(0, ms);
  if (withSeconds && left < HOUR) {
    const totalSeconds = Math.ceil(left / 1000);
    return { hours: 0, minutes: Math.floor(totalSeconds / 60), seconds: totalSeconds % 60 };
  }
  const totalMinutes = Math.ceil(left / MINUTE);
  return { hours: Math.floor(totalMinutes / 60), minutes: totalMinutes % 60, seconds: null };
}

/** "3 hours 20 minutes", "71 час 20 минут": the parts that are not zero, pluralised by i18next. */
export function formatDuration(t: TFunction, ms: number, withSeconds = false): string {
  const { hours, minutes, seconds } = splitDuration(ms, withSeconds);
  const parts: string[] = [];
  if (hours) parts.push(t('common:units.hours', { count: hours }));
  if (minutes || (!hours && seconds === null)) parts.push(t('common:units.minutes', { count: minutes }));
  if (seconds !== null && (seconds || parts.length === 0)) parts.push(t('common:units.seconds', { count: seconds }));
  return parts.join(' ');
}
