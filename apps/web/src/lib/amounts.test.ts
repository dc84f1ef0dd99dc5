import { describe, expect, it } from 'vitest';
import { compareAmounts, formatAmount, fromUnits, isBelow, shortfall, toUnits } from './amounts';

describe('decimal amounts', () => {
  it('compares exactly, where floats would round', () => {
    expect(isBelow('99.999999999999999999', '100')).toBe(true);
    expect(Number('99.999999999999999999') < 100).toBe(false);
    expect(compareAmounts('100', '100.000')).toBe(0);
    expect(compareAmounts('0.0031', '0.003')).toBe(1);
    expect(compareAmounts(null, '0')).toBe(0);
  });

  it('round-trips through base units', () => {
    expect(toUnits('1.5')).toBe(1_500_000_000_000_000_000n);
    expect(fromUnits(toUnits('1234.000000000000000001'))).toBe('1234.000000000000000001');
    expect(fromUnits(toUnits('10'))).toBe('10');
    expect(toUnits('abc')).toBe(0n);
  });

  it('says how much is missing, never a negative amount', () => {
    expect(shortfall('100', '40.25')).toBe('59.75');
    expect(shortfall('100', '150')).toBe('0');
  });

  it('shows an amount with its currency, grouped for the reader', () => {
    expect(formatAmount('1234.5678', 'USDT', 'en')).toBe('1,234.57 USDT');
    expect(formatAmount(0.5, 'BNB', 'en')).toBe('0.5 BNB');
  });
});
