import { useTranslation } from 'react-i18next';
import { formatNumber } from '@app/shared/format/number';

/** Numbers by SPEC.md's display rule and dates in the reader's language. */
export function useFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  return {
    locale,
    number: (value: string | number) => formatNumber(value, locale),
    amount: (value: string | number, symbol: string) => `${formatNumber(value, locale)} ${symbol}`,
    dateTime: (iso: string) => dateTime.format(new Date(iso)),
    date: (iso: string) => date.format(new Date(iso)),
  };
}
