import { renderToString } from 'react-dom/server';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { I18nextProvider } from 'react-i18next';
import { QueryClient } from '@tanstack/react-query';
import { SUPPORTED_LOCALES, type Locale } from '@app/shared/constants';
import { escapeHtml } from '@app/shared/format/escape-html';
import { EARLY_PAGE_STATE_SCRIPT, GUEST_ONLY_STYLE } from '@app/shared/web/early-page-state';
import { HOLD_EARLY_TAPS_SCRIPT } from '@app/shared/web/hold-early-taps';
import { findPublicPage as findListedPage } from '../app/public-pages';
import { findAuthScreen } from '../app/auth-screens';
import { pageDescription, pageTitle } from '../app/layouts/page-meta';
import { i18next, initI18n, NAMESPACES } from '../lib/i18n';
import { setPublicConfig, type PublicConfig } from '../lib/public-config';
import { markPrerendered } from '../lib/prerendered';
import { PublicTree } from './public-tree';
import { asServerStyles } from './server-styles';
import { createPath, Router, type Navigator } from 'react-router';
import { Providers } from '../app/providers';
import { CookieBannerPanel } from '../features/consent/components/cookie-banner-panel';
import { renderEarlyDrawer } from './early-drawer-template';

/**
 * The server's side of the public pages: each one rendered to HTML with its critical CSS, in a
 * given language, so a visitor sees the page before any script has run (the public entry then
 * hydrates it). Built by Vite as a Node module (`vite build --ssr`), loaded by the API server.
 */

/** Every page the server sends rendered: the public pages and a guest's auth screens. */
export const findPublicPage = (pathname: string) => findListedPage(pathname) ?? findAuthScreen(pathname);

export interface RenderedPage {
  /** For <head>: title, description, canonical and hreflang links, the page's styles. */
  head: string;
  /** The inside of #root. */
  html: string;
}

/** Rendering never navigates: links are only written out. */
const staticNavigator: Navigator = {
  createHref: (to) => (typeof to === 'string' ? to : createPath(to)),
  push: () => undefined,
  replace: () => undefined,
  go: () => undefined,
};

let ready: Promise<Map<Locale, typeof i18next>> | undefined;

/**
 * Every namespace in every language, once, and an i18next instance per language sharing them:
 * a page then renders in one synchronous pass, and pages in different languages never race.
 */
function prepare(config: PublicConfig): Promise<Map<Locale, typeof i18next>> {
  ready ??= (async () => {
    markPrerendered();
    setPublicConfig(config);
    await initI18n('en');
    const instances = new Map<Locale, typeof i18next>();
    for (const language of SUPPORTED_LOCALES) {
      const instance = await new Promise<typeof i18next>((resolve, reject) => {
        const clone = i18next.cloneInstance({ lng: language }, (error) =>
          error ? reject(new Error(String(error))) : resolve(clone),
        );
      });
      await instance.loadNamespaces([...NAMESPACES]);
      instances.set(language, instance);
    }
    return instances;
  })();
  return ready;
}

export async function renderPublicPage({
  pathname,
  locale,
  config,
  publicUrl,
  chosenLocale,
}: {
  pathname: string;
  locale: Locale;
  config: PublicConfig;
  /** The site's address, for the canonical and hreflang links. */
  publicUrl: string;
  /** The language the address asked for (`?lang=`), if it did. */
  chosenLocale?: Locale | null;
}): Promise<RenderedPage | null> {
  const page = findPublicPage(pathname);
  if (!page) return null;
  const instances = await prepare(config);
  const Page = await page.load();

  const i18n = instances.get(locale)!;
  const cache = createCache({ key: 'css' });
  const emotion = createEmotionServer(cache);
  const html = renderToString(
    <CacheProvider value={cache}>
      <I18nextProvider i18n={i18n}>
        <PublicTree
          Page={Page}
          location={{ pathname: page.path, search: '', hash: '' }}
          navigator={staticNavigator}
          client={new QueryClient()}
          isStatic
        />
      </I18nextProvider>
    </CacheProvider>,
  );
  // The cookie banner opens 3 s after load on a first visit. Its rules come with the page, so the
  // browser does not compute and insert them at that moment (about 100 ms on a slow phone's CPU).
  renderToString(
    <CacheProvider value={cache}>
      <I18nextProvider i18n={i18n}>
        <Providers client={new QueryClient()}>
          <Router location={page.path} navigator={staticNavigator} static>
            <CookieBannerPanel open />
          </Router>
        </Providers>
      </I18nextProvider>
    </CacheProvider>,
  );
  // The phone menu's copy that answers a tap before the page's code (decision 036); its rules too.
  const earlyDrawer = renderEarlyDrawer(i18n, cache);
  // Every rule the renders computed, not only those whose class ended up in the HTML: a styled
  // component wrapping another (MUI's AppBar around Paper, Button around ButtonBase) computes a
  // class of its own on the way. The browser's emotion recomputes those too, and would insert each
  // one it did not find among the server's ids: about a hundred rules, during hydration.
  const everyClass = Object.keys(cache.inserted)
    .map((id) => `${cache.key}-${id}`)
    .join(' ');
  const styles = asServerStyles(
    emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(`${html} ${everyClass}`)),
  );

  const t = i18n.t.bind(i18n);
  const base = `${publicUrl.replace(/\/+$/, '')}${page.path === '/' ? '/' : page.path}`;
  const links = [
    `<link rel="canonical" href="${escapeHtml(chosenLocale ? `${base}?lang=${chosenLocale}` : base)}">`,
    ...SUPPORTED_LOCALES.map(
      (lang) => `<link rel="alternate" hreflang="${lang}" href="${escapeHtml(`${base}?lang=${lang}`)}">`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(base)}">`,
  ];
  const head = [
    // First: the reader's colour scheme and stored session before the first paint, and taps held
    // before anything can be tapped.
    `<script>${EARLY_PAGE_STATE_SCRIPT}</script>`,
    `<script>${HOLD_EARLY_TAPS_SCRIPT}</script>`,
    `<style>${GUEST_ONLY_STYLE}</style>`,
    `<title>${escapeHtml(pageTitle(t, page.title))}</title>`,
    `<meta name="description" content="${escapeHtml(pageDescription(t, page.path))}">`,
    ...links,
    styles,
    earlyDrawer,
  ].join('\n');
  return { head, html };
}
