import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { Header } from './header';
import { Footer } from './footer';
import { CookieBanner } from '../../features/consent/components/cookie-banner';
import { useCookieBannerAnswered } from '../../features/consent/lib/use-consents';
import { InstallAppDialog } from '../../features/install-app/components/install-app-dialog';
import { useSession } from '../../lib/session';

// Push items come over the socket, which only a signed-in tab has: a prerendered page's visitors
// never load this (the app loads it at start, main.tsx).
const NotificationCenter = lazy(() =>
  import('../../features/notifications/components/notification-center').then((m) => ({
    default: m.NotificationCenter,
  })),
);

/**
 * What every page sits in: the skip link, header, footer, cookie banner, install dialog and push
 * items. The router's layout puts the current route inside; the public entry a prerendered page.
 */
export function AppFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const consentAnswered = useCookieBannerAnswered();
  const signedIn = Boolean(useSession()?.token);
  // A prerendered page looks ready before its script runs; this says it also answers now (its
  // children's effects, the cookie banner's timer among them, have run). Tests wait for it.
  useEffect(() => {
    document.documentElement.dataset.interactive = 'true';
  }, []);
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
      <Header />
      <Box component="main" id="main" tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
        {children}
      </Box>
      <Footer />
      <CookieBanner />
      {/* Never over the cookie banner: it may open by itself only once that is answered. */}
      <InstallAppDialog mayOpenByItself={consentAnswered} />
      {signedIn && (
        <Suspense fallback={null}>
          <NotificationCenter />
        </Suspense>
      )}
    </Box>
  );
}
