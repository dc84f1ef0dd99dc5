import { queryOptions, useQuery } from '@tanstack/react-query';
import { CPA_PROGRAMME_PATHS, type CpaPostback } from '@app/shared/schemas/cpa-programme';
import { api } from '../../../lib/api-client';

export const getPostbacks = () => api<{ postbacks: CpaPostback[] }>(CPA_PROGRAMME_PATHS.postbacks);

export const getPostbacksQueryOptions = () => queryOptions({ queryKey: ['cpa', 'postbacks'], queryFn: getPostbacks });

/** The partner's postbacks with every attempt; polled faster while one is still queued. */
export const usePostbacks = () =>
  useQuery({
    ...getPostbacksQueryOptions(),
    refetchInterval: (query) =>
      query.state.data?.postbacks.some((p) => p.state === 'queued' || p.state === 'failed') ? 3_000 : 30_000,
  });
