import './app/fonts.css';
import { detectLocale } from './lib/detect-locale';
import { STORAGE_KEYS, storage } from './lib/storage';
import { appEntry, startApp } from './prerender/app-entry';
import { holdInstallPromptEarly } from './features/install-app/lib/early-install-prompt';
import './prerender/start-params-read';
import { afterFirstPaint } from './prerender/after-first-paint';

// Before anything else: the browser may offer installation before the dialog's code is here.
holdInstallPromptEarly();

/**
 * The entry of a page the server rendered ahead (public.html). A visitor's page is hydrated by the
 * public bundle, which has no data router: its links load pages from the server. A signed-in
 * reader, or one whose language differs from the page's, gets the app instead (its entry is named
 * by the server), which renders over the prerendered page.
 */
const signedIn = Boolean(storage.getJson<{ token?: string }>(STORAGE_KEYS.auth)?.token);
const hydratable = document.getElementById('root')?.hasChildNodes() && !signedIn && detectLocale() === document.documentElement.lang;

if (hydratable || !appEntry()) afterFirstPaint(() => void import('./prerender/hydrate-public-page'));
else startApp();
