/** The paths of the partner links API, under /api (apart from the schemas, as session-paths.ts). */
export const CPA_PATHS = {
  landings: '/cpa/landings',
  links: '/cpa/links',
  link: (id: number) => `/cpa/links/${id}`,
} as const;
