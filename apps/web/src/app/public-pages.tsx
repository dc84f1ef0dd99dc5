import type { ComponentType } from 'react';
import type { Landing } from '../features/home/components/home-page';
import type { MeetGuideFocus } from '../features/meet-guide/components/meet-guide-page';

/**
 * The pages a visitor sees without an account. The router renders them like any page; the server
 * also sends them as ready HTML (prerender/render-public-page.tsx), which the public entry hydrates.
 * One table, so both always show the same pages.
 */
export interface PublicPage {
  path: string;
  /** Locale key of the page title; none for the home screens (the app's name and tagline). */
  title?: string;
  load: () => Promise<ComponentType>;
}

const home = (landing: Landing) => async () => {
  const { HomeRoute } = await import('./pages/home-route');
  return function HomeScreen() {
    return <HomeRoute landing={landing} />;
  };
};

const meetGuide = (focus: MeetGuideFocus) => async () => {
  const { MeetGuidePage } = await import('../features/meet-guide/components/meet-guide-page');
  return function MeetGuideScreen() {
    return <MeetGuidePage focus={focus} />;
  };
};

export const PUBLIC_PAGES: readonly PublicPage[] = [
  { path: '/', load: home('home') },
  { path: '/l', load: home('partner') },
  { path: '/l/meet', load: home('meet') },
  { path: '/l/earn', load: home('earn') },
  { path: '/meet-and-play', title: 'screens.meetAndPlay.title', load: meetGuide('meetAndPlay') },
  { path: '/help/how-to-meet', title: 'screens.howToMeet.title', load: meetGuide('howToMeet') },
  {
    path: '/help/faq',
    title: 'screens.faq.title',
    load: async () => (await import('../features/faq/components/faq-page')).FaqPage,
  },
  {
    path: '/terms',
    title: 'screens.terms.title',
    load: async () => (await import('../features/legal/components/terms-page')).TermsPage,
  },
  {
    path: '/privacy',
    title: 'screens.privacy.title',
    load: async () => (await import('../features/legal/components/privacy-page')).PrivacyPage,
  },
  {
    path: '/risk',
    title: 'screens.risk.title',
    load: async () => (await import('../features/legal/components/risk-page')).RiskPage,
  },
  {
    path: '/support',
    title: 'screens.support.title',
    load: async () => (await import('../features/support/components/support-page')).SupportPage,
  },
  {
    path: '/affiliates',
    title: 'screens.affiliates.title',
    load: async () => (await import('../features/affiliates/components/affiliates-page')).AffiliatesPage,
  },
];

export function findPublicPage(pathname: string, pages: readonly PublicPage[] = PUBLIC_PAGES): PublicPage | undefined {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return pages.find((page) => page.path === normalized);
}
