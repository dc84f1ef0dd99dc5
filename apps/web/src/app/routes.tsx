import type { RouteObject } from 'react-router';
import { RootLayout } from './layouts/root-layout';
import { RouteErrorPage } from '../features/errors/components/route-error-page';
import { redirectTo, referralRedirect, requireAdmin, requireAuth, requireGuest } from './guards';
import type { AuthMode } from '../features/auth/components/auth-page';
import { PUBLIC_PAGES } from './public-pages';
import { loadTexts } from '../lib/i18n';

/** A public page of the shared table: its own lazy chunk and its title key. */
const publicPage = (path: string): Pick<RouteObject, 'lazy' | 'handle'> => {
  const page = PUBLIC_PAGES.find((p) => p.path === path);
  if (!page) throw new Error(`no public page ${path}`);
  return {
    lazy: async () => ({ Component: await page.load() }),
    ...(page.title ? { handle: { title: page.title } } : {}),
  };
};

const authScreen =
  (mode: AuthMode): RouteObject['lazy'] =>
  async () => {
    const { AuthRoute } = await import('./pages/auth-route');
    return { Component: () => <AuthRoute mode={mode} /> };
  };

const accountData: RouteObject['lazy'] = async () => {
  const { AccountDataPage } = await import('./pages/account-data-page');
  return { Component: AccountDataPage };
};

const marketPage: RouteObject['lazy'] = async () => {
  // The texts are fetched beside the code, not once the code has run (its loadTexts then finds them).
  const [{ MarketRoute }] = await Promise.all([import('./pages/market-route'), loadTexts('market')]);
  return { Component: MarketRoute };
};

const chatPage: RouteObject['lazy'] = async () => {
  const { ChatRoute } = await import('./pages/chat-route');
  return { Component: ChatRoute };
};

const meetingPage: RouteObject['lazy'] = async () => {
  const { MeetingRoute } = await import('./pages/meeting-route');
  return { Component: MeetingRoute };
};

const mapPage: RouteObject['lazy'] = async () => {
  const { MapRoute } = await import('./pages/map-route');
  return { Component: MapRoute };
};

const confirmAddressPage: RouteObject['lazy'] = async () => {
  const { ConfirmAddressPage } = await import('./pages/confirm-address-page');
  return { Component: ConfirmAddressPage };
};

const walletPage: RouteObject['lazy'] = async () => {
  const { WalletRoute } = await import('./pages/wallet-route');
  return { Component: WalletRoute };
};

const kycPage: RouteObject['lazy'] = async () => {
  const { KycRoute } = await import('./pages/kyc-route');
  return { Component: KycRoute };
};

const accountBusinessPage: RouteObject['lazy'] = async () => {
  const { AccountBusinessRoute } = await import('./pages/account-business-route');
  return { Component: AccountBusinessRoute };
};

const accountReferralPage: RouteObject['lazy'] = async () => {
  const { AccountReferralRoute } = await import('./pages/account-referral-route');
  return { Component: AccountReferralRoute };
};

const accountCpaPage: RouteObject['lazy'] = async () => {
  const { AccountCpaRoute } = await import('./pages/account-cpa-route');
  return { Component: AccountCpaRoute };
};

const cpaPage: RouteObject['lazy'] = async () => {
  const { CpaRoute } = await import('./pages/cpa-route');
  return { Component: CpaRoute };
};

const controlCpaPage: RouteObject['lazy'] = async () => {
  const { ControlCpaRoute } = await import('./pages/control-cpa-route');
  return { Component: ControlCpaRoute };
};

const controlNewsPage: RouteObject['lazy'] = async () => {
  const { ControlNewsRoute } = await import('./pages/control-news-route');
  return { Component: ControlNewsRoute };
};

const controlNewsEditPage: RouteObject['lazy'] = async () => {
  const { ControlNewsEditRoute } = await import('./pages/control-news-route');
  return { Component: ControlNewsEditRoute };
};

const controlReportsPage: RouteObject['lazy'] = async () => {
  const { ControlReportsRoute } = await import('./pages/control-reports-route');
  return { Component: ControlReportsRoute };
};

const controlPeoplePage: RouteObject['lazy'] = async () => {
  const { ControlPeopleRoute } = await import('./pages/control-people-route');
  return { Component: ControlPeopleRoute };
};

const controlPersonPage: RouteObject['lazy'] = async () => {
  const { ControlPersonRoute } = await import('./pages/control-people-route');
  return { Component: ControlPersonRoute };
};

const controlReferralFlagsPage: RouteObject['lazy'] = async () => {
  const { ControlReferralFlagsRoute } = await import('./pages/control-people-route');
  return { Component: ControlReferralFlagsRoute };
};

const controlKycPage: RouteObject['lazy'] = async () => {
  const { ControlKycRoute } = await import('./pages/control-kyc-route');
  return { Component: ControlKycRoute };
};

const controlMonitorPage: RouteObject['lazy'] = async () => {
  const { ControlMonitorRoute } = await import('./pages/control-monitor-route');
  return { Component: ControlMonitorRoute };
};

const controlJobsPage: RouteObject['lazy'] = async () => {
  const { ControlJobsRoute } = await import('./pages/control-jobs-route');
  return { Component: ControlJobsRoute };
};

const controlAuditPage: RouteObject['lazy'] = async () => {
  const { ControlAuditRoute } = await import('./pages/control-audit-route');
  return { Component: ControlAuditRoute };
};

const sectionLayout =
  (kind: 'account' | 'control'): RouteObject['lazy'] =>
  async () => {
    const { SectionLayout, ACCOUNT_TABS, CONTROL_TABS } = await import('./layouts/section-layout');
    if (kind === 'account') return { Component: () => <SectionLayout title="account.title" tabs={ACCOUNT_TABS} /> };
    const { ControlOutlet } = await import('./layouts/control-outlet');
    return {
      Component: () => (
        <SectionLayout title="control.title" tabs={CONTROL_TABS}>
          <ControlOutlet />
        </SectionLayout>
      ),
    };
  };

const appleLogin: RouteObject['lazy'] = async () => {
  const { AppleLoginPage } = await import('../features/provider-sign-in/components/apple-login-page');
  return { Component: AppleLoginPage };
};

const notFound: RouteObject['lazy'] = async () => {
  const { NotFoundPage } = await import('../features/errors/components/not-found-page');
  return { Component: NotFoundPage };
};

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, ...publicPage('/') },
          { path: 'promo', loader: redirectTo('/') },
          { path: 'l', ...publicPage('/l') },
          { path: 'l/meet', ...publicPage('/l/meet') },
          { path: 'l/earn', ...publicPage('/l/earn') },
          { path: 'ref/:promocode', loader: referralRedirect },
          { path: 'ref', loader: redirectTo('/auth/register') },

          { path: 'market', loader: requireAuth, lazy: marketPage, handle: { title: 'screens.market.title' } },
          { path: 'map', loader: requireAuth, lazy: mapPage, handle: { title: 'screens.map.title' } },
          { path: 'meet/:userId', loader: requireAuth, lazy: meetingPage, handle: { title: 'meeting:title' } },
          // One route for /chat and /chat/:conversationId, so the list stays mounted while chats change.
          {
            path: 'chat/:conversationId?',
            loader: requireAuth,
            lazy: chatPage,
            handle: { title: 'screens.chat.title' },
          },
          { path: 'meet-and-play', ...publicPage('/meet-and-play') },
          { path: 'terms', ...publicPage('/terms') },
          { path: 'privacy', ...publicPage('/privacy') },
          { path: 'risk', ...publicPage('/risk') },
          { path: 'support', ...publicPage('/support') },
          { path: 'affiliates', ...publicPage('/affiliates') },
          {
            path: 'help',
            children: [
              { index: true, loader: redirectTo('/help/faq') },
              { path: 'faq', ...publicPage('/help/faq') },
              { path: 'how-to-meet', ...publicPage('/help/how-to-meet') },
            ],
          },

          {
            path: 'auth',
            children: [
              { index: true, loader: redirectTo('/auth/login') },
              {
                path: 'login',
                loader: requireGuest,
                lazy: authScreen('login'),
                handle: { title: 'screens.login.title' },
              },
              {
                path: 'register',
                loader: requireGuest,
                lazy: authScreen('register'),
                handle: { title: 'screens.register.title' },
              },
              {
                path: 'recovery',
                loader: requireGuest,
                lazy: authScreen('recovery'),
                handle: { title: 'screens.recovery.title' },
              },
              {
                path: 'update-profile',
                loader: requireAuth,
                lazy: authScreen('update-profile'),
                handle: { title: 'screens.updateProfile.title' },
              },
              {
                path: 'confirm-email',
                lazy: authScreen('confirm-email'),
                handle: { title: 'screens.confirmEmail.title' },
              },
            ],
          },
          { path: 'confirm-address', lazy: confirmAddressPage, handle: { title: 'confirmAddress.title' } },
          { path: 'apple-login', lazy: appleLogin, handle: { title: 'screens.appleLogin.title' } },

          {
            path: 'account',
            loader: requireAuth,
            lazy: sectionLayout('account'),
            handle: { title: 'account.title' },
            children: [
              { index: true, loader: redirectTo('/account/data') },
              { path: 'data', lazy: accountData, handle: { title: 'screens.accountData.title' } },
              { path: 'market', lazy: walletPage, handle: { title: 'screens.accountMarket.title' } },
              { path: 'business', lazy: accountBusinessPage, handle: { title: 'screens.accountBusiness.title' } },
              { path: 'referral', lazy: accountReferralPage, handle: { title: 'screens.accountReferral.title' } },
              { path: 'cpa', lazy: accountCpaPage, handle: { title: 'screens.accountCpa.title' } },
            ],
          },
          { path: 'kyc', loader: requireAuth, lazy: kycPage, handle: { title: 'screens.kyc.title' } },
          // The cabinet signs people in itself, so no login guard.
          { path: 'cpa', lazy: cpaPage, handle: { title: 'screens.cpa.title' } },

          {
            path: 'control',
            loader: requireAdmin,
            lazy: sectionLayout('control'),
            handle: { title: 'control.title' },
            children: [
              { index: true, loader: redirectTo('/control/monitor') },
              { path: 'monitor', lazy: controlMonitorPage, handle: { title: 'screens.controlMonitor.title' } },
              { path: 'kyc', lazy: controlKycPage, handle: { title: 'screens.controlKyc.title' } },
              { path: 'news', lazy: controlNewsPage, handle: { title: 'screens.controlNews.title' } },
              { path: 'news/:id', lazy: controlNewsEditPage, handle: { title: 'screens.controlNewsEdit.title' } },
              { path: 'cpa', lazy: controlCpaPage, handle: { title: 'screens.controlCpa.title' } },
              { path: 'jobs', lazy: controlJobsPage, handle: { title: 'screens.controlJobs.title' } },
              { path: 'audit', lazy: controlAuditPage, handle: { title: 'screens.controlAudit.title' } },
              { path: 'reports', lazy: controlReportsPage, handle: { title: 'screens.controlReports.title' } },
              { path: 'people', lazy: controlPeoplePage, handle: { title: 'screens.controlPeople.title' } },
              {
                path: 'people/referral-flags',
                lazy: controlReferralFlagsPage,
                handle: { title: 'screens.controlReferralFlags.title' },
              },
              { path: 'people/:id', lazy: controlPersonPage, handle: { title: 'screens.controlPerson.title' } },
            ],
          },

          { path: '*', lazy: notFound, handle: { title: 'notFound.title' } },
        ],
      },
    ],
  },
];
