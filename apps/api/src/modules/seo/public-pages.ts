/** The pages a search engine may index, with how often they change. */
export const PUBLIC_PAGES: { path: string; changefreq: 'daily' | 'weekly' | 'monthly' }[] = [
  { path: '/', changefreq: 'daily' },
  { path: '/meet-and-play', changefreq: 'monthly' },
  { path: '/help/how-to-meet', changefreq: 'monthly' },
  { path: '/help/faq', changefreq: 'monthly' },
  { path: '/affiliates', changefreq: 'monthly' },
  { path: '/support', changefreq: 'monthly' },
  { path: '/terms', changefreq: 'monthly' },
  { path: '/privacy', changefreq: 'monthly' },
  { path: '/risk', changefreq: 'monthly' },
  { path: '/l/meet', changefreq: 'monthly' },
  { path: '/l/earn', changefreq: 'monthly' },
];

/** Areas behind a login or for the admin: nothing there for a search engine. */
export const PRIVATE_PREFIXES = ['/api/', '/account', '/control', '/kyc', '/market', '/auth/update-profile', '/cpa'];
