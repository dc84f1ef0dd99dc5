import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import MenuIcon from '@mui/icons-material/Menu';
import CloseIcon from '@mui/icons-material/Close';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import AccountCircleIcon from '@mui/icons-material/AccountCircleOutlined';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import LogoutIcon from '@mui/icons-material/Logout';
import { Logo } from '../../components/logo';
import { RouterLink } from '../../components/router-link';
import { useSession } from '../../lib/session';
import { useMe } from '../../features/session/api/get-me';
import { logout } from '../../features/session/logout';
import { LanguageMenu } from './language-menu';
import { ThemeToggle } from './theme-toggle';
import { openInstallDialog } from '../../features/install-app/lib/install-dialog-store';

const MAIN_LINKS = [
  { href: '/market', label: 'nav.market' },
  { href: '/meet-and-play', label: 'nav.meetAndPlay' },
] as const;
const HELP_LINKS = [
  { href: '/help/faq', label: 'nav.faq' },
  { href: '/help/how-to-meet', label: 'nav.howToMeet' },
  { href: '/support', label: 'nav.support' },
] as const;
const AFTER_HELP = [{ href: '/affiliates', label: 'nav.advertisement' }] as const;

export function Header() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const record = useSession();
  const { data: me } = useMe();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [helpAnchor, setHelpAnchor] = useState<HTMLElement | null>(null);
  const [accountAnchor, setAccountAnchor] = useState<HTMLElement | null>(null);
  const loggedIn = Boolean(record?.token);
  const accountLabel = me?.profile.domain ? `@${me.profile.domain}` : t('nav.account');

  const closeDrawer = () => setDrawerOpen(false);

  return (
    <AppBar position="sticky" sx={{ bgcolor: 'background.default', borderBottom: 1, borderColor: 'divider', backdropFilter: 'blur(8px)' }}>
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ gap: 1, minHeight: { xs: 56, md: 64 } }}>
          <Logo name={t('app.name')} />
          <Box component="nav" aria-label={t('nav.mainNavigation')} sx={{ display: { xs: 'none', md: 'flex' }, ml: 3, gap: 0.5 }}>
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
            >
              {t('nav.help')}
            </Button>
            <Menu anchorEl={helpAnchor} open={Boolean(helpAnchor)} onClose={() => setHelpAnchor(null)}>
              {HELP_LINKS.map((link) => (
                <MenuItem key={link.href} component={RouterLink} href={link.href} onClick={() => setHelpAnchor(null)}>
                  {t(link.label)}
                </MenuItem>
              ))}
            </Menu>
            {AFTER_HELP.map((link) => (
              <Button key={link.href} color="inherit" href={link.href} LinkComponent={RouterLink}>
                {t(link.label)}
              </Button>
            ))}
          </Box>
          <Box sx={{ flexGrow: 1 }} />
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <Button color="inherit" startIcon={<PhoneIphoneIcon />} onClick={openInstallDialog} sx={{ display: { xs: 'none', lg: 'inline-flex' } }}>
              {t('nav.downloadApp')}
            </Button>
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
                    onClick={(e) => setAccountAnchor(e.currentTarget)}
                    aria-haspopup="menu"
                    data-testid="account-button"
                  >
                    {accountLabel}
                  </Button>
                  <Menu anchorEl={accountAnchor} open={Boolean(accountAnchor)} onClose={() => setAccountAnchor(null)}>
                    <MenuItem component={RouterLink} href="/account" onClick={() => setAccountAnchor(null)}>
                      {t('nav.account')}
                    </MenuItem>
                    <MenuItem
                      onClick={() => {
                        setAccountAnchor(null);
                        logout(navigate);
                      }}
                    >
                      {t('nav.logout')}
                    </MenuItem>
                  </Menu>
                </>
              ) : (
                <Button variant="contained" href="/auth/login" LinkComponent={RouterLink} data-testid="login-button">
                  {t('nav.login')}
                </Button>
              )}
            </Box>
            <IconButton
              color="inherit"
              edge="end"
              aria-label={t('nav.openMenu')}
              onClick={() => setDrawerOpen(true)}
              sx={{ display: { md: 'none' } }}
              data-testid="menu-button"
            >
              <MenuIcon />
            </IconButton>
          </Stack>
        </Toolbar>
      </Container>

      <Drawer anchor="right" open={drawerOpen} onClose={closeDrawer} slotProps={{ paper: { sx: { width: 300, maxWidth: '85vw' } } }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1 }}>
          <ThemeToggle />
          <IconButton aria-label={t('nav.closeMenu')} onClick={closeDrawer}>
            <CloseIcon />
          </IconButton>
        </Stack>
        <Divider />
        <List component="nav" aria-label={t('nav.mainNavigation')}>
          {[...MAIN_LINKS, ...AFTER_HELP].map((link) => (
            <ListItemButton key={link.href} component={RouterLink} href={link.href} onClick={closeDrawer}>
              <ListItemText primary={t(link.label)} />
            </ListItemButton>
          ))}
          <ListSubheader disableSticky>{t('nav.help')}</ListSubheader>
          {HELP_LINKS.map((link) => (
            <ListItemButton key={link.href} component={RouterLink} href={link.href} onClick={closeDrawer}>
              <ListItemText primary={t(link.label)} />
            </ListItemButton>
          ))}
          <Divider sx={{ my: 1 }} />
          <ListItemButton
            onClick={() => {
              closeDrawer();
              openInstallDialog();
            }}
          >
            <ListItemIcon>
              <PhoneIphoneIcon />
            </ListItemIcon>
            <ListItemText primary={t('nav.downloadApp')} />
          </ListItemButton>
          {loggedIn ? (
            <>
              <ListItemButton component={RouterLink} href="/account" onClick={closeDrawer}>
                <ListItemIcon>
                  <AccountCircleIcon />
                </ListItemIcon>
                <ListItemText primary={accountLabel} />
              </ListItemButton>
              <ListItemButton
                onClick={() => {
                  closeDrawer();
                  logout(navigate);
                }}
              >
                <ListItemIcon>
                  <LogoutIcon />
                </ListItemIcon>
                <ListItemText primary={t('nav.logout')} />
              </ListItemButton>
            </>
          ) : (
            <Box sx={{ px: 2, pt: 1 }}>
              <Button fullWidth variant="contained" href="/auth/login" LinkComponent={RouterLink} onClick={closeDrawer}>
                {t('nav.login')}
              </Button>
            </Box>
          )}
        </List>
      </Drawer>
    </AppBar>
  );
}
