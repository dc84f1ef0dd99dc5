import i18next, { type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { DEFAULT_LOCALE, SUPPORTED_LOCALES, type Locale } from '@app/shared/constants';
import { parseMessage } from '@app/shared/validation/messages';
import { detectLocale, rememberLocale } from './detect-locale';
import { setApiLocale } from './api-client';

/**
 * One namespace per feature that has its own texts, plus the shared messages and errors. 'content'
 * holds only what the start page shows (and the units the product facts use): every public page's
 * long texts are a namespace of their own, so the start page never downloads them.
 */
export const NAMESPACES = [
  'common',
  'msg',
  'errors',
  'seo',
  'auth',
  'avatar',
  'provider',
  'content',
  'faq',
  'legal',
  'meet',
  'affiliates',
  'support',
  'consent',
  'install',
  'market',
  'wallet',
  'chat',
  'map',
  'meeting',
  'kyc',
  'cpa',
  'referral',
  'operations',
  'news',
  'moderation',
  'business',
] as const;

/**
 * Loaded before the first render, all at once: the consent banner's (it must not wait on a download
 * when its timer fires) and 'content', the start page's texts and the units most public pages
 * quote (a separate request after the page's chunk would add a round trip to the start page's
 * first paint). Every other namespace loads with the first page that uses it (see loadTexts).
 */
const STARTUP_NAMESPACES = ['common', 'msg', 'errors', 'seo', 'consent', 'content'] as const;

/**
 * A prerendered page's start: no rule or error messages, which only a form shows (its page loads
 * them with its code, see loadTexts). Nothing a visitor reads waits for them.
 */
export const PUBLIC_PAGE_NAMESPACES = STARTUP_NAMESPACES.filter(
  (namespace) => namespace !== 'msg' && namespace !== 'errors',
);

/** Each namespace of each language is its own small chunk. */
function loadNamespace(language: string, namespace: string): Promise<unknown> {
  if (namespace === 'msg' || namespace === 'errors') {
    const messages = language === 'ru' ? import('@app/shared/locales/ru') : import('@app/shared/locales/en');
    return messages.then((m) => {
      const all = m as unknown as Record<string, unknown>;
      const suffix = language === 'ru' ? 'Ru' : 'En';
      return all[`${namespace}${suffix}`];
    });
  }
  return import(`../locales/${language}/${namespace}.json`).then((m: { default: unknown }) => m.default);
}

function applyLocale(locale: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  setApiLocale(locale);
}

let markInitialized: () => void;
const initialized = new Promise<void>((resolve) => {
  markInitialized = resolve;
});

/**
 * Loads namespaces once i18next is set up (a page chunk may arrive before it is). A page's module
 * awaits this at its top, so the page renders with its texts at once: suspending on them instead
 * showed the loading bar and let the footer jump when the page appeared.
 */
export async function loadTexts(...namespaces: string[]): Promise<void> {
  // Before i18next is ready (the first page's route loads beside the app's start), the chunks are
  // fetched at once rather than after the start's own texts; i18next then finds them loaded.
  if (!i18next.isInitialized) namespaces.forEach((namespace) => void loadNamespace(detectLocale(), namespace));
  await initialized;
  await i18next.loadNamespaces(namespaces);
}

export async function initI18n(locale: Locale = detectLocale(), namespaces: readonly string[] = STARTUP_NAMESPACES) {
  applyLocale(locale);
  await i18next
    .use(resourcesToBackend(loadNamespace))
    .use(initReactI18next)
    .init({
      lng: locale,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: [...SUPPORTED_LOCALES],
      ns: [...namespaces],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  i18next.on('languageChanged', applyLocale);
  markInitialized();
  return i18next;
}

export async function changeLocale(locale: Locale) {
  rememberLocale(locale);
  await i18next.changeLanguage(locale);
}

/** Text of a shared rule message (`msg.min-length?n=6`). */
export function translateMessage(t: TFunction, message: string | undefined): string {
  if (!message) return '';
  const { key, values } = parseMessage(message);
  if (!key.startsWith('msg.')) return message;
  return t(`msg:${key.slice(4)}`, values);
}

/** Text of a catalogue error code, falling back to the server's English message. */
export function translateError(t: TFunction, error: { code?: string; message?: string }): string {
  const code = error.code ?? 'UNKNOWN_ERROR';
  return t(`errors:${code}`, { defaultValue: error.message ?? t('errors:UNKNOWN_ERROR') });
}

/**
 * Text of why a transaction, a purchase or a mint failed: the server stores a catalogue code. Rows
 * written before the codes hold English text, and a code this build does not know has no text:
 * both read as the generic failure.
 */
export function translateFailure(t: TFunction, reason: string): string {
  const generic = t('errors:TRANSACTION_FAILED');
  return /^[A-Z][A-Z0-9_]*$/.test(reason) ? t(`errors:${reason}`, { defaultValue: generic }) : generic;
}

export { i18next, detectLocale };
