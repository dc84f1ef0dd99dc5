import { describe, expect, it } from 'vitest';
import { compressZeros, formatNumber, maskValue } from './number';

describe('formatNumber', () => {
  it.each([
    [1234.5678, '1,234.57'],
    [1.004, '1'],
    [2.5, '2.5'],
    [100, '100'],
    [10000, '10,000'],
    [1000000, '1,000,000'],
    [1, '1'],
    [0.123456, '0.1235'],
    [0.5, '0.5'],
    [0, '0'],
    [0.0001, '0.0001'],
    [0.00001234, '0.00001234'],
    [0.0000012345, '0.0⁵1235'],
    [0.0000001234, '0.0⁶1234'],
    [-3.14159, '-3.14'],
    [-0.0000001, '-0.0⁶1'],
    [Number.NaN, '0'],
  ])('%d -> %s', (value, expected) => {
    expect(formatNumber(value)).toBe(expected);
  });

  it('formats decimal strings exactly and follows the locale', () => {
    expect(formatNumber('123456789012345678.129')).toBe('123,456,789,012,345,678.13');
    expect(formatNumber('0.000000000000000001')).toBe('0.0¹⁷1');
    expect(formatNumber(1234.5, 'ru')).toBe('1\u00a0234,5');
    expect(formatNumber(0.0000001234, 'ru')).toBe('0,0⁶1234');
  });

  it('accepts bigint', () => {
    expect(formatNumber(10n ** 6n)).toBe('1,000,000');
  });
});

describe('compressZeros', () => {
  it('compresses runs of five or more only', () => {
    expect(compressZeros('0.0000')).toBe('0.0000');
    expect(compressZeros('0.000001')).toBe('0.0⁵1');
    expect(compressZeros('10000000000000')).toBe('10¹³');
  });
});

describe('maskValue', () => {
  it('keeps the first and last four characters', () => {
    expect(maskValue('0x52908400098527886E0F7030069857D2E4169EE7')).toBe('0x52…9EE7');
    expect(maskValue('4111111111111111')).toBe('4111…1111');
  });
  it('leaves short values alone', () => {
    expect(maskValue('12345678')).toBe('12345678');
    expect(maskValue('123456789')).toBe('123456789');
    expect(maskValue('')).toBe('');
    expect(maskValue(null)).toBe('');
  });
});
