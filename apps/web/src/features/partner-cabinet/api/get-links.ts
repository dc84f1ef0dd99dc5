import { queryOptions, useQuery } from '@tanstack/react-query';
import { CPA_PATHS } from '@app/shared/schemas/cpa-paths';
import type { CpaLinkList } from '@app/shared/schemas/cpa';
import { api } from '../../../lib/api-client';

export const getLinks = () => api<CpaLinkList>(CPA_PATHS.links);

export const getLinksQueryOptions = () =>
  queryOptions({ queryKey: ['cpa', 'links'], queryFn: getLinks, staleTime: 30_000 });

/** The signed-in person's partner links, newest first, with their hits and registrations. */
export const useLinks = () => useQuery(getLinksQueryOptions());
