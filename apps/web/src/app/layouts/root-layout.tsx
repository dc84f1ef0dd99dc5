import { Suspense } from 'react';
import { Outlet, ScrollRestoration, type Location } from 'react-router';
import { AppFrame } from './app-frame';
import { DocumentTitle } from './document-title';
import { PageLoading } from './page-loading';

/**
 * Where the router keeps each page's scroll position. Its default is the history entry's key, but
 * every page opened afresh (typed, reloaded, followed from elsewhere) has the same key, "default":
 * a page opened afresh then took the position another one was left at, jumping away from its top
 * or fighting its own #anchor. Such entries are keyed by their address instead, so a reload still
 * comes back to where the reader was; entries made by the app's own navigation keep their key.
 */
function scrollKey(location: Location): string {
  return location.key === 'default' ? `${location.pathname}${location.search}${location.hash}` : location.key;
}

export function RootLayout() {
  return (
    <>
      <DocumentTitle />
      <AppFrame>
        <Suspense fallback={<PageLoading label="loading" />}>
          <Outlet />
        </Suspense>
      </AppFrame>
      <ScrollRestoration getKey={scrollKey} />
    </>
  );
}
