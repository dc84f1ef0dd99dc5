import { useLayoutEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import CloseIcon from '@mui/icons-material/Close';
import AccountCircleIcon from '@mui/icons-material/AccountCircleOutlined';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import LogoutIcon from '@mui/icons-material/Logout';
import { SUPPORTED_LOCALES, type Locale } from '@app/shared/constants';
import { RouterLink } from '../../components/router-link';
import { ThemeToggle } from './theme-toggle';

/**
 * A prerendered page's phone menu opens first as a copy of this drawer (prerender/early-drawer.ts):
 * this drawer's paper takes its place as it enters the page, neither sliding nor fading in, since
 * the early drawer is on screen already (decision 036).
 */
const takeOverEarlyDrawer = (paper: HTMLElement | null) => {
  if (paper) window.__earlyDrawer?.handOver(paper);
};

/*
 * The header's menus and the phone drawer. Nobody needs them until a button is pressed, and with
 * the modal, popover and transition code under them they were a good part of every page's first
 * download: header.tsx loads this chunk when one is first opened (or its button is hovered).
 */

export interface NavLink {
  href: string;
  label: string;
}

interface MenuProps {
  anchor: HTMLElement | null;
  onClose: () => void;
}

export function HelpMenu({ anchor, onClose, links }: MenuProps & { links: readonly NavLink[] }) {
  const { t } = useTranslation();
  return (
    <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {links.map((link) => (
        <MenuItem key={link.href} component={RouterLink} href={link.href} onClick={onClose}>
          {t(link.label)}
        </MenuItem>
      ))}
    </Menu>
  );
}

export function AccountMenu({ anchor, onClose, onLogout }: MenuProps & { onLogout: () => void }) {
  const { t } = useTranslation();
  return (
    <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      <MenuItem component={RouterLink} href="/account" onClick={onClose}>
        {t('nav.account')}
      </MenuItem>
      <MenuItem
        onClick={() => {
          onClose();
          onLogout();
        }}
      >
        {t('nav.logout')}
      </MenuItem>
    </Menu>
  );
}

export function LanguageList({
  anchor,
  onClose,
  names,
  current,
  onChoose,
}: MenuProps & { names: Record<Locale, string>; current: Locale; onChoose: (locale: Locale) => void }) {
  return (
    <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {SUPPORTED_LOCALES.map((locale) => (
        <MenuItem
          key={locale}
          lang={locale}
          selected={locale === current}
          onClick={() => {
            onClose();
            onChoose(locale);
          }}
        >
          {names[locale]}
        </MenuItem>
      ))}
    </Menu>
  );
}

export function NavDrawer({
  open,
  onClose,
  links,
  helpLinks,
  loggedIn,
  messages,
  accountLabel,
  onInstall,
  onLogout,
  disablePortal,
}: {
  open: boolean;
  onClose: () => void;
  links: readonly NavLink[];
  helpLinks: readonly NavLink[];
  loggedIn: boolean;
  /** The chat's entry with its unread count (signed in only). */
  messages?: ReactNode;
  accountLabel: string;
  onInstall: () => void;
  onLogout: () => void;
  /** The server's copy for the early drawer (prerender/early-drawer-template.tsx): in place, not in a portal. */
  disablePortal?: boolean;
}) {
  const { t } = useTranslation();
  const early = typeof window === 'undefined' ? undefined : window.__earlyDrawer;
  // Taking over an open copy, the drawer shows where the copy is: no slide, no fade of its own.
  const takingOver = Boolean(early?.isOpen());
  // Before MUI's modal manager reads the page (its effects): see early-drawer.ts `release`.
  useLayoutEffect(() => {
    if (open) early?.release();
  }, [early, open]);
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      disablePortal={disablePortal}
      slotProps={{
        paper: { ref: takeOverEarlyDrawer, sx: { width: 300, maxWidth: '85vw' } },
        backdrop: { appear: !takingOver },
        // Only then: otherwise MUI's own choice stands (no slide when the drawer mounts open).
        ...(takingOver && { transition: { appear: false } }),
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1 }}>
        <ThemeToggle />
        <IconButton aria-label={t('nav.closeMenu')} onClick={onClose} data-testid="menu-close">
          <CloseIcon />
        </IconButton>
      </Stack>
      <Divider />
      <List component="nav" aria-label={t('nav.mainNavigation')}>
        {links.map((link) => (
          <ListItemButton key={link.href} component={RouterLink} href={link.href} onClick={onClose}>
            <ListItemText primary={t(link.label)} />
          </ListItemButton>
        ))}
        <ListSubheader disableSticky>{t('nav.help')}</ListSubheader>
        {helpLinks.map((link) => (
          <ListItemButton key={link.href} component={RouterLink} href={link.href} onClick={onClose}>
            <ListItemText primary={t(link.label)} />
          </ListItemButton>
        ))}
        <Divider sx={{ my: 1 }} />
        <ListItemButton
          onClick={() => {
            onClose();
            onInstall();
          }}
        >
          <ListItemIcon>
            <PhoneIphoneIcon />
          </ListItemIcon>
          <ListItemText primary={t('nav.downloadApp')} />
        </ListItemButton>
        {loggedIn ? (
          <>
            {messages}
            <ListItemButton component={RouterLink} href="/account" onClick={onClose}>
              <ListItemIcon>
                <AccountCircleIcon />
              </ListItemIcon>
              <ListItemText primary={accountLabel} />
            </ListItemButton>
            <ListItemButton
              onClick={() => {
                onClose();
                onLogout();
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
            <Button fullWidth variant="contained" href="/auth/login" LinkComponent={RouterLink} onClick={onClose}>
              {t('nav.login')}
            </Button>
          </Box>
        )}
      </List>
    </Drawer>
  );
}
