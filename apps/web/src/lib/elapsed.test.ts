import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { formatElapsed } from './elapsed';

const t = ((key: string, { count }: { count: number }) => `${count} ${key.split('.').pop()}`) as unknown as TFunction;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('formatElapsed', () => {
  it('shows the two largest units that are not zero', () => {
    expect(formatElapsed(t, 27 * HOUR + 5 * MINUTE)).toBe('1 days 3 hours');
    expect(formatElapsed(t, 2 * HOUR + 5 * MINUTE + 59_000)).toBe('2 hours 5 minutes');
    expect(formatElapsed(t, 48 * HOUR + 30 * MINUTE)).toBe('2 days');
    expect(formatElapsed(t, 3 * HOUR)).toBe('3 hours');
  });

  it('reads under a minute, and a clock slightly ahead, as zero minutes', () => {
    expect(formatElapsed(t, 59_000)).toBe('0 minutes');
    expect(formatElapsed(t, -5_000)).toBe('0 minutes');
  });
});
