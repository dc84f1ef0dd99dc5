import type { TFunction } from 'i18next';

/** The page's title in its language: its own title key, else the app's name and tagline. */
export function pageTitle(t: TFunction, titleKey: string | undefined): string {
  return titleKey ? `${t(titleKey)} — ${t('app.name')}` : `${t('app.name')} — ${t('app.tagline')}`;
}

/** The page's description for search engines, in its language. */
export function pageDescription(t: TFunction, pathname: string): string {
  return t(`seo:pages.${pathname}`, { defaultValue: t('seo:default', { defaultValue: t('footer.about') }) });
}
