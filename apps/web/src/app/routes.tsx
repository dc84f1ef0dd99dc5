import type { RouteObject } from 'react-router';
import { RootLayout } from './layouts/root-layout';
import { RouteErrorPage } from '../features/errors/components/route-error-page';
import { redirectTo, referralRedirect, requireAdmin, requireAuth, requireGuest } from './guards';
import type { Landing } from '../features/home/components/home-page';
import type { AuthMode } from '../features/auth/components/auth-page';
import type { MeetGuideFocus } from '../features/meet-guide/components/meet-guide-page';

/** Every page is its own chunk: the home page never loads the account, market or admin code. */
const home = (landing: Landing): RouteObject['lazy'] => async () => {
  const { HomeRoute } = await import('./pages/home-route');
  return { Component: () => <HomeRoute landing={landing} /> };
};

/** A public content page: its own lazy chunk and its title key. */
const content = (title: string, load: () => Promise<RouteObject['Component']>): Partial<RouteObject> => ({
  lazy: async () => ({ Component: await load() }),
  handle: { title },
});

const meetGuide = (focus: MeetGuideFocus) =>
  content(`screens.${focus}.title`, async () => {
    const { MeetGuidePage } = await import('../features/meet-guide/components/meet-guide-page');
    return () => <MeetGuidePage focus={focus} />;
  });
const faqPage = content('screens.faq.title', async () => (await import('../features/faq/components/faq-page')).FaqPage);
const termsPage = content('screens.terms.title', async () => (await import('../features/legal/components/terms-page')).TermsPage);
const privacyPage = content('screens.privacy.title', async () => (await import('../features/legal/components/privacy-page')).PrivacyPage);
const riskPage = content('screens.risk.title', async () => (await import('../features/legal/components/risk-page')).RiskPage);
const supportPage = content('screens.support.title', async () => (await import('../features/support/components/support-page')).SupportPage);
const affiliatesPage = content('screens.affiliates.title', async () => (await import('../features/affiliates/components/affiliates-page')).AffiliatesPage);

const comingSoon = (screen: string): RouteObject['lazy'] => async () => {
  const { ComingSoonPage } = await import('../features/coming-soon/components/coming-soon-page');
  return { Component: () => <ComingSoonPage screen={screen} /> };
};

const authScreen = (mode: AuthMode): RouteObject['lazy'] => async () => {
  const { AuthRoute } = await import('./pages/auth-route');
  return { Component: () => <AuthRoute mode={mode} /> };
};

const accountData: RouteObject['lazy'] = async () => {
  const { AccountDataPage } = await import('./pages/account-data-page');
  return { Component: AccountDataPage };
};

const marketPage: RouteObject['lazy'] = async () => {
  const { MarketRoute } = await import('./pages/market-route');
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

const walletPage: RouteObject['lazy'] = async () => {
  const { WalletRoute } = await import('./pages/wallet-route');
  return { Component: WalletRoute };
};

const page = (screen: string, extra: Partial<RouteObject> = {}): RouteObject =>
  ({ lazy: comingSoon(screen), handle: { title: `screens.${screen}.title` }, ...extra }) as RouteObject;

const sectionLayout = (kind: 'account' | 'control'): RouteObject['lazy'] => async () => {
  const { SectionLayout, ACCOUNT_TABS, CONTROL_TABS } = await import('./layouts/section-layout');
  const tabs = kind === 'account' ? ACCOUNT_TABS : CONTROL_TABS;
  return { Component: () => <SectionLayout title={`${kind}.title`} tabs={tabs} /> };
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
          { index: true, lazy: home('home') },
          { path: 'promo', loader: redirectTo('/') },
          { path: 'l', lazy: home('partner') },
          { path: 'l/meet', lazy: home('meet') },
          { path: 'l/earn', lazy: home('earn') },
          { path: 'ref/:promocode', loader: referralRedirect },
          { path: 'ref', loader: redirectTo('/auth/register') },

          { path: 'market', loader: requireAuth, lazy: marketPage, handle: { title: 'screens.market.title' } },
          { path: 'map', loader: requireAuth, lazy: mapPage, handle: { title: 'screens.map.title' } },
          { path: 'meet/:userId', loader: requireAuth, lazy: meetingPage, handle: { title: 'meeting:title' } },
          // One route for /chat and /chat/:conversationId, so the list stays mounted while chats change.
          { path: 'chat/:conversationId?', loader: requireAuth, lazy: chatPage, handle: { title: 'screens.chat.title' } },
          { path: 'meet-and-play', ...meetGuide('meetAndPlay') },
          { path: 'terms', ...termsPage },
          { path: 'privacy', ...privacyPage },
          { path: 'risk', ...riskPage },
          { path: 'support', ...supportPage },
          { path: 'affiliates', ...affiliatesPage },
          {
            path: 'help',
            children: [
              { index: true, loader: redirectTo('/help/faq') },
              { path: 'faq', ...faqPage },
              { path: 'how-to-meet', ...meetGuide('howToMeet') },
            ],
          },

          {
            path: 'auth',
            children: [
              { index: true, loader: redirectTo('/auth/login') },
              { path: 'login', loader: requireGuest, lazy: authScreen('login'), handle: { title: 'screens.login.title' } },
              { path: 'register', loader: requireGuest, lazy: authScreen('register'), handle: { title: 'screens.register.title' } },
              { path: 'recovery', loader: requireGuest, lazy: authScreen('recovery'), handle: { title: 'screens.recovery.title' } },
              {
                path: 'update-profile',
                loader: requireAuth,
                lazy: authScreen('update-profile'),
                handle: { title: 'screens.updateProfile.title' },
              },
              { path: 'confirm-email', lazy: authScreen('confirm-email'), handle: { title: 'screens.confirmEmail.title' } },
            ],
          },
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
              { path: 'business', ...page('accountBusiness') },
              { path: 'referral', ...page('accountReferral') },
              { path: 'cpa', ...page('accountCpa') },
            ],
          },
          { path: 'kyc', loader: requireAuth, ...page('kyc') },
          { path: 'cpa', ...page('cpa') },

          {
            path: 'control',
            loader: requireAdmin,
            lazy: sectionLayout('control'),
            handle: { title: 'control.title' },
            children: [
              { index: true, loader: redirectTo('/control/monitor') },
              { path: 'monitor', ...page('controlMonitor') },
              { path: 'kyc', ...page('controlKyc') },
              { path: 'news', ...page('controlNews') },
              { path: 'news/:id', ...page('controlNewsEdit') },
              { path: 'cpa', ...page('controlCpa') },
            ],
          },

          { path: '*', lazy: notFound, handle: { title: 'notFound.title' } },
        ],
      },
    ],
  },
];
