import { lazy } from 'react';

/** The header's menus and drawer: one chunk, fetched when a button is hovered, focused or pressed. */
export const loadHeaderPopups = () => import('./header-popups');

export const HelpMenu = lazy(() => loadHeaderPopups().then((m) => ({ default: m.HelpMenu })));
// Marked pure: a visitor's header (the public bundle) has no account menu, and leaves it out.
export const AccountMenu = /* @__PURE__ */ lazy(() => loadHeaderPopups().then((m) => ({ default: m.AccountMenu })));
export const NavDrawer = lazy(() => loadHeaderPopups().then((m) => ({ default: m.NavDrawer })));
export const LanguageList = lazy(() => loadHeaderPopups().then((m) => ({ default: m.LanguageList })));

/** Props that start the download before the click, so the popup opens without a visible wait. */
export const preloadPopups = {
  onPointerEnter: () => void loadHeaderPopups(),
  onFocus: () => void loadHeaderPopups(),
  onTouchStart: () => void loadHeaderPopups(),
};
