import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReferralPeriod, ReferralStats } from '@app/shared/schemas/referral';
import { api } from '../../../lib/api-client';

export const getReferralStats = (period: ReferralPeriod) =>
  api<ReferralStats>('/referral/stats', { query: { period } });

/** The Main tab's figures for a period; the previous period's stay on screen while the next loads. */
export const useReferralStats = (period: ReferralPeriod) =>
  useQuery({
    queryKey: ['referral', 'stats', period],
    queryFn: () => getReferralStats(period),
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });
