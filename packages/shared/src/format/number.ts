import {
  MASK_KEEP_CHARS,
  NUMBER_DECIMALS_ABOVE_ONE,
  NUMBER_DECIMALS_UP_TO_ONE,
  ZERO_RUN_COMPRESS_MIN,
} from '../constants';

const SUPERSCRIPT_DIGITS = '⁰¹²³⁴⁵⁶⁷⁸⁹';
const toSuperscript = (n: number) => String(n).replace(/\d/g, (d) => SUPERSCRIPT_DIGITS[Number(d)]!);

/**
 * SPEC.md section 9: at most 2 decimals when the value is above 1, otherwise 4; a value so small
 * that 4 decimals would show nothing keeps 4 significant digits instead, and any run of 5 or more
 * zeros is compressed to one zero with a superscript count ("0.0⁶1234" is 0.0000001234).
 * Amounts may be given as decimal strings (exact ledger values); grouping follows the locale.
 */
export function formatNumber(value: number | string | bigint, locale = 'en'): string {
  const numeric = Number(value);
  if (!Number.isFinite(numeric)) return '0';
  const abs = Math.abs(numeric);
  const options: Intl.NumberFormatOptions =
    abs > 1
      ? { maximumFractionDigits: NUMBER_DECIMALS_ABOVE_ONE }
      : abs === 0 || abs >= 10 ** -NUMBER_DECIMALS_UP_TO_ONE
        ? { maximumFractionDigits: NUMBER_DECIMALS_UP_TO_ONE }
        : { maximumSignificantDigits: NUMBER_DECIMALS_UP_TO_ONE, maximumFractionDigits: 100 };
  // Intl formats decimal strings exactly; numbers are fine for everything else.
  const input = typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? value.trim() : numeric;
  const text = numberFormat(locale, options).format(input as unknown as number);
  return compressZeros(text);
}

/**
 * Building an Intl.NumberFormat costs far more than formatting with one, and a page formats dozens
 * of numbers while it renders (the start page spent about 180 ms on a throttled phone CPU in the
 * constructor alone): one formatter per locale and option set, made once.
 */
const formatters = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${options.maximumFractionDigits ?? ''}|${options.maximumSignificantDigits ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { ...options, useGrouping: true });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Replaces each run of 5+ zeros with "0" and a superscript count of the zeros. */
export function compressZeros(text: string): string {
  const pattern = new RegExp(`0{${ZERO_RUN_COMPRESS_MIN},}`, 'g');
  return text.replace(pattern, (run) => `0${toSuperscript(run.length)}`);
}

/** Card-like values (addresses, hashes): first 4 and last 4 characters. */
export function maskValue(value: string | null | undefined, keep = MASK_KEEP_CHARS): string {
  const text = value ?? '';
  if (text.length <= keep * 2 + 1) return text;
  return `${text.slice(0, keep)}…${text.slice(-keep)}`;
}
