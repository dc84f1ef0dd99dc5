import { useTranslation } from 'react-i18next';
import { formatNumber } from '@app/shared/format/number';

/** Numbers by SPEC.md's display rule and dates in the reader's language. */
export function useMarketFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return {
    number: (value: string | number) => formatNumber(value, locale),
    usdt: (value: string | number) => `${formatNumber(value, locale)} USDT`,
    dateTime: (iso: string) => dateTime.format(new Date(iso)),
  };
}
