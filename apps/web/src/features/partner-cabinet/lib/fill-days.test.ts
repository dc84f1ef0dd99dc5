import { describe, expect, it } from 'vitest';
import { fillDays } from './fill-days';

const day = (d: string, hits = 1) => ({ day: d, hits, regs: 0, value: '0', profit: '0.2', paid: '0' });
const now = Date.parse('2026-03-14T18:30:00Z');

describe('fillDays', () => {
  it('gives every day of a fixed period, ending today, the quiet ones at zero', () => {
    const filled = fillDays([day('2026-03-10', 3)], '7d', now);
    expect(filled.map((d) => d.day)).toEqual([
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
      '2026-03-13',
      '2026-03-14',
    ]);
    expect(filled[2]).toEqual(day('2026-03-10', 3));
    expect(filled[0]).toEqual({ day: '2026-03-08', hits: 0, regs: 0, value: '0', profit: '0', paid: '0' });
    expect(fillDays([], '30d', now)).toHaveLength(30);
    expect(fillDays([], '90d', now)[0]!.day).toBe('2025-12-15');
  });

  it('starts all time at the first counted day, across a month end', () => {
    const filled = fillDays([day('2026-02-27'), day('2026-03-02')], 'all', now);
    expect(filled[0]!.day).toBe('2026-02-27');
    expect(filled.at(-1)!.day).toBe('2026-03-14');
    expect(filled).toHaveLength(16);
    expect(fillDays([], 'all', now).map((d) => d.day)).toEqual(['2026-03-14']);
  });

  it('keeps all time to the last year so the chart stays readable', () => {
    const filled = fillDays([day('2020-01-01')], 'all', now);
    expect(filled).toHaveLength(366);
    expect(filled.at(-1)!.day).toBe('2026-03-14');
  });
});
