import './app/fonts.css';
import { StrictMode, Suspense, startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { SocketLifecycle } from './app/socket-lifecycle';
import { routes } from './app/routes';
import { queryClient } from './app/query-client';
import { initI18n } from './lib/i18n';
import { loadPublicConfig } from './lib/public-config';
import { readStartParams } from './lib/start-params';
import { sendPartnerHit } from './lib/visitor-headers';
import { detectLocale } from './lib/detect-locale';
import { session } from './lib/session';
import { disconnectSocket } from './lib/socket';
import { registerServiceWorker } from './lib/service-worker';
import { captureInstallPrompt } from './features/install-app/lib/install-prompt';
import { dropHeldEvents } from './prerender/event-replay';

const { partnerLinkArrived } = readStartParams(window.location.search);
// The server counts the partner visit once per visitor; the link travels in the request headers.
if (partnerLinkArrived) sendPartnerHit(detectLocale());

// The push items' code loads with the app, not when the socket's first item may already be here.
void import('./features/notifications/components/notification-center');

// Before anything renders: the browser offers installation once, possibly right away.
captureInstallPrompt();

const router = createBrowserRouter(routes);

// Logout clears profile and wallet data and the socket; the guards then re-run on this page.
session.onLogout(() => {
  queryClient.clear();
  disconnectSocket();
  void router.revalidate();
});

/**
 * The app has rendered over the page (its first commit empties #root): what only a guest may use is
 * its own to show or not from now on, so the early mark of a stored session goes
 * (packages/shared/src/web/early-page-state.ts).
 */
function DropEarlySessionMark() {
  useEffect(() => document.documentElement.removeAttribute('data-session'), []);
  return null;
}

async function start() {
  // The first Intl formatter built loads the engine's locale data (about 30 ms here, four times that
  // on a slow phone): built while the start waits for its texts, not inside the render that shows
  // the first figures (the market's prices).
  setTimeout(() => new Intl.NumberFormat(detectLocale()).format(0));
  await Promise.all([initI18n(), loadPublicConfig()]);
  // Over a prerendered page, its held taps go with it.
  dropHeldEvents();
  const root = createRoot(document.getElementById('root')!);
  // A transition: React renders the first page in small slices instead of one long task, so the
  // main thread stays responsive while a slow phone builds it (Lighthouse's total blocking time).
  startTransition(() => {
    root.render(
      <StrictMode>
        <Providers noSsr>
          <DropEarlySessionMark />
          <SocketLifecycle />
          <Suspense fallback={null}>
            <RouterProvider router={router} />
          </Suspense>
        </Providers>
      </StrictMode>,
    );
  });
}

void start();
registerServiceWorker();
