/**
 * The paths of the sessions API, under /api/user. Apart from the schemas (zod) so that the header's
 * logout, which every public page hydrates, does not bring zod into the start page's bundle.
 */
export const SESSION_PATHS = {
  logout: '/user/logout',
  list: '/user/sessions',
  endAll: '/user/sessions/end-all',
  one: (id: string) => `/user/sessions/${id}`,
} as const;
