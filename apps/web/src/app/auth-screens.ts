import { findPublicPage, type PublicPage } from './public-pages';

/**
 * A guest's login and registration screens, as the app shows them, also sent rendered (issue 19:
 * their first load is the public bundle's instead of the app's). Signing in there ends in a full
 * page load of the app (the public bundle's navigator), and a signed-in reader gets the app, whose
 * guard sends them on (public-main.tsx). Kept apart from PUBLIC_PAGES: the app's routes keep these
 * screens as they were, and the start page's code does not carry this table (the hydration of
 * an auth screen loads it). See decision 035.
 */
export const AUTH_SCREENS: readonly PublicPage[] = [
  {
    path: '/auth/login',
    title: 'screens.login.title',
    load: async () => (await import('./pages/login-screen')).LoginScreen,
  },
  {
    path: '/auth/register',
    title: 'screens.register.title',
    load: async () => (await import('./pages/register-screen')).RegisterScreen,
  },
];

export const findAuthScreen = (pathname: string) => findPublicPage(pathname, AUTH_SCREENS);
