import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { REFERRAL_ADMIN_PATHS, type ReferralFlags } from '@app/shared/schemas/referral';
import { api } from '../../../lib/api-client';

export interface FlagsPage {
  page: number;
  pageSize: number;
}

export const getReferralFlagsQueryOptions = ({ page, pageSize }: FlagsPage) =>
  queryOptions({
    // Under 'control', so a referrer change (which invalidates it) refreshes this list too.
    queryKey: ['control', 'referral-flags', page, pageSize],
    queryFn: () =>
      api<ReferralFlags>(REFERRAL_ADMIN_PATHS.flags, { query: { offset: page * pageSize, limit: pageSize } }),
  });

/** GET /referral/flags: rewards withheld as self-referral, one page; the previous page stays while the next loads. */
export const useReferralFlags = (page: FlagsPage) =>
  useQuery({ ...getReferralFlagsQueryOptions(page), placeholderData: keepPreviousData });
