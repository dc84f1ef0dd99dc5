import { DEFAULT_LOCALE, LOCALE_COOKIE, SUPPORTED_LOCALES, type Locale } from '@app/shared/constants';
import { STORAGE_KEYS, storage } from './storage';

// Not in i18n.ts: the public entry decides with it before loading i18next or anything else.

const isSupported = (value: string | null | undefined): value is Locale =>
  !!value && (SUPPORTED_LOCALES as readonly string[]).includes(value);

/**
 * SPEC.md section 9: the stored choice, else the browser language prefix, else English. A `?lang=`
 * link (what search engines follow through hreflang) counts as a choice and is stored.
 */
export function detectLocale(
  stored = storage.get(STORAGE_KEYS.locale),
  languages = navigator.languages ?? [navigator.language],
  search = window.location.search,
): Locale {
  const requested = new URLSearchParams(search).get('lang');
  if (isSupported(requested)) {
    rememberLocale(requested);
    return requested;
  }
  if (isSupported(stored)) {
    // A choice made before the cookie existed reaches the server from now on.
    if (!document.cookie.includes(`${LOCALE_COOKIE}=${stored}`)) rememberLocale(stored);
    return stored;
  }
  for (const language of languages) {
    const prefix = language?.slice(0, 2).toLowerCase();
    if (isSupported(prefix)) return prefix;
  }
  return DEFAULT_LOCALE;
}

/** How long the server remembers the language for the pages it renders ahead (a year). */
const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

/**
 * The server cannot read local storage, so the choice also goes into a cookie: the pages it
 * renders ahead then come in the reader's language.
 */
export function rememberLocale(locale: Locale) {
  storage.set(STORAGE_KEYS.locale, locale);
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${LOCALE_COOKIE_MAX_AGE_S}; samesite=lax`;
}
