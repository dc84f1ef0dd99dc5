import { queryOptions, useQuery } from '@tanstack/react-query';
import type { KycApplication } from '@app/shared/schemas/kyc';
import { api } from '../../../lib/api-client';

/** GET /api/kyc/application: the caller's current application, its steps, attempts and what to do next. */
export const getKycApplication = () => api<KycApplication>('/kyc/application');

export const getKycApplicationQueryOptions = () =>
  queryOptions({ queryKey: ['kyc', 'application'], queryFn: getKycApplication });

/** While with a moderator the screen polls, so a decision shows without a reload. */
export const useKycApplication = () =>
  useQuery({
    ...getKycApplicationQueryOptions(),
    refetchInterval: (query) => (query.state.data?.status === 'requested' ? 30_000 : false),
  });
