import { Suspense } from 'react';
import { Outlet, ScrollRestoration, type Location } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { Header } from './header';
import { Footer } from './footer';
import { DocumentTitle } from './document-title';
import { PageLoading } from './page-loading';
import { NotificationCenter } from '../../features/notifications/components/notification-center';
import { CookieBanner } from '../../features/consent/components/cookie-banner';
import { useCookieBannerAnswered } from '../../features/consent/lib/use-consents';
import { InstallAppDialog } from '../../features/install-app/components/install-app-dialog';

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
  const { t } = useTranslation();
  const consentAnswered = useCookieBannerAnswered();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box
        component="a"
        href="#main"
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: 2000,
          p: 1,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          borderRadius: 1,
          '&:focus': { top: 8 },
        }}
      >
        {t('nav.skipToContent')}
      </Box>
      <DocumentTitle />
      <Header />
      <Box component="main" id="main" tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
        <Suspense fallback={<PageLoading label="loading" />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
      <CookieBanner />
      {/* Never over the cookie banner: it may open by itself only once that is answered. */}
      <InstallAppDialog mayOpenByItself={consentAnswered} />
      <NotificationCenter />
      <ScrollRestoration getKey={scrollKey} />
    </Box>
  );
}
