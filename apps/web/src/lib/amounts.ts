import { formatNumber } from '@app/shared/format/number';
import { TOKEN_DECIMALS } from '@app/shared/constants';

/**
 * Amounts travel as decimal strings with up to 18 decimals; comparing them as floats would call
 * "99.999999999999999999" enough for a price of 100. These work on whole base units instead.
 */
const SCALE = 10n ** BigInt(TOKEN_DECIMALS);

export function toUnits(amount: string | null | undefined): bigint {
  const text = (amount ?? '').trim();
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!text || !match) return 0n;
  const whole = BigInt(match[1] || '0');
  const fraction = BigInt(((match[2] ?? '') + '0'.repeat(TOKEN_DECIMALS)).slice(0, TOKEN_DECIMALS) || '0');
  return whole * SCALE + fraction;
}

export function fromUnits(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const whole = abs / SCALE;
  const fraction = (abs % SCALE).toString().padStart(TOKEN_DECIMALS, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** -1, 0 or 1 as a is below, equal to or above b. */
export function compareAmounts(a: string | null | undefined, b: string | null | undefined): number {
  const diff = toUnits(a) - toUnits(b);
  return diff < 0n ? -1 : diff > 0n ? 1 : 0;
}

export const isBelow = (a: string | null | undefined, b: string | null | undefined) => compareAmounts(a, b) < 0;

/** a - b, exact; never below zero (what is still missing). */
export function shortfall(need: string, have: string): string {
  const diff = toUnits(need) - toUnits(have);
  return fromUnits(diff > 0n ? diff : 0n);
}

/** "1,234.5 USDT": an amount by SPEC.md's display rule (formatNumber) with its currency after it. */
export const formatAmount = (value: string | number, symbol: string, locale: string) =>
  `${formatNumber(value, locale)} ${symbol}`;
