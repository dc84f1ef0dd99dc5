import './app/fonts.css';
import { detectLocale } from './lib/detect-locale';
import { STORAGE_KEYS, storage } from './lib/storage';
import { sendPartnerHit } from './lib/visitor-headers';
import { registerServiceWorker } from './lib/service-worker';
import { appEntry, startApp } from './prerender/app-entry';
import { holdInstallPromptEarly } from './features/install-app/lib/early-install-prompt';
import { startParams } from './prerender/start-params-read';
import { afterFirstPaint } from './prerender/after-first-paint';
import { hydrateWhenNeeded } from './prerender/hydrate-when-needed';
import { prefetchPageCode } from './prerender/prefetch-page-code';
import { armEarlyDrawer } from './prerender/early-drawer';

// Before anything else: the browser may offer installation before the dialog's code is here.
holdInstallPromptEarly();

/**
 * The entry of a page the server rendered ahead (public.html). A visitor's page is hydrated by the
 * public bundle, which has no data router: its links load pages from the server. A signed-in
 * reader, or one whose language differs from the page's, gets the app instead (its entry is named
 * by the server), which renders over the prerendered page.
 */
const signedIn = Boolean(storage.getJson<{ token?: string }>(STORAGE_KEYS.auth)?.token);
const hydratable =
  document.getElementById('root')?.hasChildNodes() && !signedIn && detectLocale() === document.documentElement.lang;

if (hydratable || !appEntry()) {
  const locale = document.documentElement.lang;
  // The phone menu answers a tap at once, before the page's code (decision 036).
  armEarlyDrawer();
  if (startParams.partnerLinkArrived) afterFirstPaint(() => sendPartnerHit(locale));
  registerServiceWorker();
  afterFirstPaint(() => {
    const deferred = hydrateWhenNeeded(
      () => void import('./prerender/hydrate-public-page').then(({ hydratePublicPage }) => hydratePublicPage()),
    );
    if (!deferred) return;
    // The bundle is fetched now that the page is on screen, and run only when the page needs it.
    prefetchPageCode();
    // The page answers from here on: links by themselves, controls through the held taps, and its
    // timers (the cookie banner's) run. Hydration marks it "true" (AppFrame).
    document.documentElement.dataset.interactive ??= 'armed';
  });
} else startApp();
