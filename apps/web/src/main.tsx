import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-700.css';
import '@fontsource/roboto/cyrillic-400.css';
import '@fontsource/roboto/cyrillic-500.css';
import '@fontsource/roboto/cyrillic-700.css';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { routes } from './app/routes';
import { queryClient } from './app/query-client';
import { initI18n } from './lib/i18n';
import { loadPublicConfig } from './lib/public-config';
import { readStartParams } from './lib/start-params';
import { api } from './lib/api-client';
import { session } from './lib/session';
import { disconnectSocket } from './lib/socket';
import { registerServiceWorker } from './lib/service-worker';
import { captureInstallPrompt } from './features/install-app/lib/install-prompt';

const { partnerLinkArrived } = readStartParams(window.location.search);
// The server counts the partner visit once per visitor; the link travels in the request headers.
if (partnerLinkArrived) void api('/cpa/hits', { method: 'POST' }).catch(() => undefined);

// Before anything renders: the browser offers installation once, possibly right away.
captureInstallPrompt();

const router = createBrowserRouter(routes);

// Logout clears profile and wallet data and the socket; the guards then re-run on this page.
session.onLogout(() => {
  queryClient.clear();
  disconnectSocket();
  void router.revalidate();
});

async function start() {
  await Promise.all([initI18n(), loadPublicConfig()]);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <Suspense fallback={null}>
          <RouterProvider router={router} />
        </Suspense>
      </Providers>
    </StrictMode>,
  );
}

void start();
registerServiceWorker();
