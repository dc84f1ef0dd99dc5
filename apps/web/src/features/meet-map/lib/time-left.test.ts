import { describe, expect, it } from 'vitest';
import { formatCountdown, timeLeft } from './time-left';

describe('time left on a hand', () => {
  const now = Date.parse('2030-01-01T12:00:00.000Z');

  it('counts hours, minutes and seconds down to zero, never below', () => {
    expect(timeLeft('2030-01-01T14:05:09.000Z', now)).toMatchObject({ hours: 2, minutes: 5, seconds: 9 });
    expect(timeLeft('2030-01-01T11:00:00.000Z', now)).toMatchObject({ totalMs: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it('reads as h:mm:ss, or m:ss under an hour', () => {
    expect(formatCountdown('2030-01-01T14:05:09.000Z', now)).toBe('2:05:09');
    expect(formatCountdown('2030-01-01T12:04:59.500Z', now)).toBe('4:59');
    expect(formatCountdown('2030-01-01T11:00:00.000Z', now)).toBe('0:00');
  });
});
