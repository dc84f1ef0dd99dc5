import { useTranslation } from 'react-i18next';
import { formatNumber } from '@app/shared/format/number';
import { formatAmount } from './amounts';

/** Building an Intl.DateTimeFormat costs far more than using one: one per language and style. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${withTime}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      locale,
      withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' },
    );
    dateFormats.set(key, format);
  }
  return format;
}

/** Numbers and amounts by SPEC.md's display rule, and dates, in the reader's language. */
export function useFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  return {
    locale,
    number: (value: string | number) => formatNumber(value, locale),
    amount: (value: string | number, symbol: string) => formatAmount(value, symbol, locale),
    dateTime: (iso: string) => dateFormat(locale, true).format(new Date(iso)),
    date: (iso: string) => dateFormat(locale, false).format(new Date(iso)),
  };
}
