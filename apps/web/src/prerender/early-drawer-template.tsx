import { renderToString } from 'react-dom/server';
import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { createPath, Router, type Navigator } from 'react-router';
import { ThemeProvider } from '@mui/material/styles';
import { appTheme } from '../app/theme';
import { DRAWER_LINKS, HELP_LINKS } from '../app/layouts/header';
import { NavDrawer } from '../app/layouts/header-popups';

const noop = () => undefined;
const staticNavigator: Navigator = {
  createHref: (to) => (typeof to === 'string' ? to : createPath(to)),
  push: noop,
  replace: noop,
  go: noop,
};

/**
 * The phone menu as `<template id="early-drawer">` for a prerendered page's head (decision 036):
 * the header's own drawer, open, as a visitor's (signed out), in the page's language, rendered in
 * place instead of into a portal. A template is inert until prerender/early-drawer.ts clones it.
 * Its rules go into the page's cache, so they come with the page's styles, as the cookie banner's
 * do: nothing is computed or inserted at the tap, nor when the React drawer takes over.
 */
export function renderEarlyDrawer(i18n: I18n, cache: EmotionCache): string {
  const html = renderToString(
    <CacheProvider value={cache}>
      <I18nextProvider i18n={i18n}>
        <ThemeProvider theme={appTheme()} defaultMode="dark">
          <Router location="/" navigator={staticNavigator} static>
            <NavDrawer
              open
              disablePortal
              onClose={noop}
              links={DRAWER_LINKS}
              helpLinks={HELP_LINKS}
              loggedIn={false}
              accountLabel=""
              onInstall={noop}
              onLogout={noop}
            />
          </Router>
        </ThemeProvider>
      </I18nextProvider>
    </CacheProvider>,
  );
  return `<template id="early-drawer">${html}</template>`;
}
