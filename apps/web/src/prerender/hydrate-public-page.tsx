import { StrictMode, startTransition, useEffect, useMemo, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { Locale } from '@app/shared/constants';
import { formatNumber } from '@app/shared/format/number';
import { findPublicPage } from '../app/public-pages';
import { appTheme } from '../app/theme';
import { initI18n, PUBLIC_PAGE_NAMESPACES } from '../lib/i18n';
import { loadPublicConfig } from '../lib/public-config';
import { markPrerendered } from '../lib/prerendered';
import { captureInstallPrompt } from '../features/install-app/lib/install-prompt';
import { PublicTree, type PublicLocation } from './public-tree';
import { pageNavigator } from './page-navigator';
import { replayHeldEvents } from './event-replay';
import { startApp } from './app-entry';
import { adoptServerStyles } from './server-styles';

// What main.tsx does at start, for the visitor of a prerendered page (the partner hit and the
// service worker are the entry's: they do not wait for this code).
captureInstallPrompt();
markPrerendered();

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const samePlace = (a: PublicLocation, b: PublicLocation) =>
  a.pathname === b.pathname && a.search === b.search && a.hash === b.hash;
const here = (): PublicLocation => ({
  pathname: window.location.pathname,
  search: window.location.search,
  hash: window.location.hash,
});

/** Hydrates the whole page: run by the entry when the page needs its code (hydrate-when-needed.ts). */
export async function hydratePublicPage() {
  const { pathname } = window.location;
  // A guest's auth screens are in a table of their own: the start page's code does not carry it.
  const page = findPublicPage(pathname) ?? (await import('../app/auth-screens')).findAuthScreen(pathname);
  if (!page) throw new Error(`${window.location.pathname} is not a prerendered page`);
  const locale = document.documentElement.lang as Locale;
  const [Page] = await Promise.all([page.load(), initI18n(locale, PUBLIC_PAGE_NAMESPACES), loadPublicConfig()]);
  // Work a slow phone spends long on, each in a task of its own rather than inside one render of
  // hydration: the page answers a tap between them (Lighthouse's total blocking time).
  await nextTask();
  appTheme();
  await nextTask();
  // The first number formatted loads ICU's number data (about 50 ms at 4x CPU throttle).
  formatNumber(1, locale);
  await nextTask();

  function HydratedPage() {
    // First exactly what the server rendered (no query, no hash), then the real address.
    const [location, setLocation] = useState<PublicLocation>({ pathname: page!.path, search: '', hash: '' });
    const navigator = useMemo(() => pageNavigator(setLocation), []);
    // Effects run once hydration is committed, the page's own first (a form takes what was typed
    // into it, features/auth/lib/adopt-typed-values.ts), so a held send finds its fields' values.
    useEffect(replayHeldEvents, []);
    useEffect(() => {
      // Only a real change re-renders, and in a transition: the page stays answering meanwhile.
      const follow = () => {
        const next = here();
        startTransition(() => setLocation((current) => (samePlace(current, next) ? current : next)));
      };
      follow();
      window.addEventListener('popstate', follow);
      window.addEventListener('hashchange', follow);
      return () => {
        window.removeEventListener('popstate', follow);
        window.removeEventListener('hashchange', follow);
      };
    }, []);
    return <PublicTree Page={Page} titleKey={page!.title} location={location} navigator={navigator} />;
  }

  const styles = createCache({ key: 'css' });
  adoptServerStyles(styles);

  // A transition: React hydrates in small slices, so the page answers taps while it does.
  startTransition(() => {
    hydrateRoot(
      document.getElementById('root')!,
      <StrictMode>
        <CacheProvider value={styles}>
          <HydratedPage />
        </CacheProvider>
      </StrictMode>,
      {
        onRecoverableError: (error) => console.error('hydration:', error),
        // Without the router's error pages, an error would leave the page blank: the app takes over.
        onUncaughtError: (error) => {
          console.error('public page:', error);
          startApp();
        },
      },
    );
  });
}
