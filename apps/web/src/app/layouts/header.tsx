import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import MenuIcon from '@mui/icons-material/Menu';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import AccountCircleIcon from '@mui/icons-material/AccountCircleOutlined';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import { Logo } from '../../components/logo';
import { RouterLink } from '../../components/router-link';
import { useSession } from '../../lib/session';
import { useMe } from '../../features/session/api/get-me';
import { logout } from '../../features/session/logout';
import { LanguageMenu } from './language-menu';
import { ThemeToggle } from './theme-toggle';
import { openInstallDialog } from '../../features/install-app/lib/install-dialog-store';
import { AccountMenu, HelpMenu, NavDrawer, preloadPopups } from './lazy-popups';
import { VerifiedCheck } from '../../components/verified-check';

// Signed-in people only: guests never download the chat's header button and its unread count.
const loadMessagesLink = () => import('../../features/chat/components/messages-link');
// Marked pure: unused (a visitor's header in the public bundle), the bundler leaves them out.
const MessagesButton = /* @__PURE__ */ lazy(() => loadMessagesLink().then((m) => ({ default: m.MessagesButton })));
// The drawer's chat entry is fetched with the drawer (when its button is reached for).
const loadMessagesDrawerItem = () => import('../../features/chat/components/messages-drawer-item');
const MessagesDrawerItem = /* @__PURE__ */ lazy(() =>
  loadMessagesDrawerItem().then((m) => ({ default: m.MessagesDrawerItem })),
);

const MAIN_LINKS = [
  { href: '/map', label: 'nav.map' },
  { href: '/market', label: 'nav.market' },
  { href: '/meet-and-play', label: 'nav.meetAndPlay' },
] as const;
export const HELP_LINKS = [
  { href: '/help/faq', label: 'nav.faq' },
  { href: '/help/how-to-meet', label: 'nav.howToMeet' },
  { href: '/support', label: 'nav.support' },
] as const;
const AFTER_HELP = [{ href: '/affiliates', label: 'nav.advertisement' }] as const;
/** The phone drawer's links (also its early copy's, prerender/early-drawer-template.tsx). */
export const DRAWER_LINKS = [...MAIN_LINKS, ...AFTER_HELP];

/**
 * The public pages' bundle is a visitor's: a signed-in reader gets the app instead (public-main.tsx).
 * There the header is a visitor's, and the account parts' code stays out of the bundle.
 */
const VISITORS_ONLY = import.meta.env.MODE === 'public';
const noop = () => undefined;
const useSignedIn = VISITORS_ONLY ? () => null : useSession;
const useAccount = VISITORS_ONLY ? () => undefined : () => useMe().data;

export function Header() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const record = useSignedIn();
  const me = useAccount();
  // Each popup is undefined until first opened: its code loads then (see lazy-popups.ts), and it
  // stays mounted afterwards so closing plays its transition.
  const [drawerOpen, setDrawerOpen] = useState<boolean>();
  const [helpAnchor, setHelpAnchor] = useState<HTMLElement | null>();
  const [accountAnchor, setAccountAnchor] = useState<HTMLElement | null>();
  const loggedIn = !VISITORS_ONLY && Boolean(record?.token);
  const preloadDrawer = (preloadPopup: () => void) => {
    preloadPopup();
    if (loggedIn) void loadMessagesDrawerItem();
  };
  const accountLabel = me?.profile.domain ? `@${me.profile.domain}` : t('nav.account');
  // A prerendered page's menu may have opened before this code ran: the drawer follows it
  // (prerender/early-drawer.ts, decision 036).
  useEffect(() => window.__earlyDrawer?.attach(setDrawerOpen), []);

  return (
    <AppBar
      position="sticky"
      sx={{ bgcolor: 'background.default', borderBottom: 1, borderColor: 'divider', backdropFilter: 'blur(8px)' }}
    >
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ gap: 1, minHeight: { xs: 56, md: 64 } }}>
          <Logo name={t('app.name')} />
          <Box
            component="nav"
            aria-label={t('nav.mainNavigation')}
            // Russian labels are longer: a label never breaks onto a second line.
            sx={{ display: { xs: 'none', md: 'flex' }, ml: 3, gap: 0.5, '& .MuiButton-root': { whiteSpace: 'nowrap' } }}
          >
            {MAIN_LINKS.map((link) => (
              <Button key={link.href} color="inherit" href={link.href} LinkComponent={RouterLink}>
                {t(link.label)}
              </Button>
            ))}
            <Button
              color="inherit"
              endIcon={<ExpandMoreIcon />}
              aria-haspopup="menu"
              aria-expanded={Boolean(helpAnchor)}
              onClick={(e) => setHelpAnchor(e.currentTarget)}
              {...preloadPopups}
            >
              {t('nav.help')}
            </Button>
            {helpAnchor !== undefined && (
              <Suspense fallback={null}>
                <HelpMenu anchor={helpAnchor} onClose={() => setHelpAnchor(null)} links={HELP_LINKS} />
              </Suspense>
            )}
            {AFTER_HELP.map((link) => (
              <Button key={link.href} color="inherit" href={link.href} LinkComponent={RouterLink}>
                {t(link.label)}
              </Button>
            ))}
          </Box>
          <Box sx={{ flexGrow: 1 }} />
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <Button
              color="inherit"
              startIcon={<PhoneIphoneIcon />}
              onClick={openInstallDialog}
              aria-label={t('nav.downloadApp')}
              // Below xl the label gives way to the icon, so the navigation fits in either language.
              sx={{
                display: { xs: 'none', lg: 'inline-flex' },
                whiteSpace: 'nowrap',
                minWidth: 0,
                '& .MuiButton-startIcon': { mr: { lg: 0, xl: 1 } },
              }}
            >
              <Box component="span" sx={{ display: { xs: 'none', xl: 'inline' } }}>
                {t('nav.downloadApp')}
              </Box>
            </Button>
            {loggedIn && (
              // Its place is kept while its code loads (an icon button's 40 px), so nothing beside it moves.
              <Suspense fallback={<Box sx={{ width: 40, height: 40, flexShrink: 0 }} />}>
                <MessagesButton />
              </Suspense>
            )}
            <LanguageMenu />
            <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
              <ThemeToggle />
            </Box>
            <Box sx={{ display: { xs: 'none', md: 'block' } }}>
              {loggedIn ? (
                <>
                  <Button
                    variant="outlined"
                    startIcon={<AccountCircleIcon />}
                    endIcon={me?.verified ? <VerifiedCheck verified size={18} testId="header-verified" /> : undefined}
                    onClick={(e) => setAccountAnchor(e.currentTarget)}
                    {...preloadPopups}
                    aria-haspopup="menu"
                    aria-expanded={Boolean(accountAnchor)}
                    data-testid="account-button"
                  >
                    {accountLabel}
                  </Button>
                  {accountAnchor !== undefined && (
                    <Suspense fallback={null}>
                      <AccountMenu
                        anchor={accountAnchor}
                        onClose={() => setAccountAnchor(null)}
                        onLogout={VISITORS_ONLY ? noop : () => logout(navigate)}
                      />
                    </Suspense>
                  )}
                </>
              ) : (
                <Button
                  variant="contained"
                  href="/auth/login"
                  LinkComponent={RouterLink}
                  data-testid="login-button"
                  data-guest-only
                >
                  {t('nav.login')}
                </Button>
              )}
            </Box>
            <IconButton
              color="inherit"
              edge="end"
              aria-label={t('nav.openMenu')}
              onClick={() => setDrawerOpen(true)}
              onPointerEnter={() => preloadDrawer(preloadPopups.onPointerEnter)}
              onFocus={() => preloadDrawer(preloadPopups.onFocus)}
              onTouchStart={() => preloadDrawer(preloadPopups.onTouchStart)}
              sx={{ display: { md: 'none' } }}
              data-testid="menu-button"
              // Opens prerender/early-drawer.ts's copy until this header's drawer takes over.
              data-answers-early="drawer"
            >
              <MenuIcon />
            </IconButton>
          </Stack>
        </Toolbar>
      </Container>

      {drawerOpen !== undefined && (
        <Suspense fallback={null}>
          <NavDrawer
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            links={DRAWER_LINKS}
            helpLinks={HELP_LINKS}
            loggedIn={loggedIn}
            messages={
              loggedIn ? (
                <Suspense fallback={null}>
                  <MessagesDrawerItem onClick={() => setDrawerOpen(false)} />
                </Suspense>
              ) : null
            }
            accountLabel={accountLabel}
            onInstall={openInstallDialog}
            onLogout={VISITORS_ONLY ? noop : () => logout(navigate)}
          />
        </Suspense>
      )}
    </AppBar>
  );
}
