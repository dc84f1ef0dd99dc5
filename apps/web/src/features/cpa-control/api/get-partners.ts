import { queryOptions, useQuery } from '@tanstack/react-query';
import { CPA_PROGRAMME_PATHS, type CpaPartnerRow } from '@app/shared/schemas/cpa-programme';
import { api } from '../../../lib/api-client';

export const getPartners = () => api<{ partners: CpaPartnerRow[] }>(CPA_PROGRAMME_PATHS.partners);

export const getPartnersQueryOptions = () =>
  queryOptions({ queryKey: ['cpa', 'control', 'partners'], queryFn: getPartners });

/** Admins: every applicant and partner with their traffic over all time; polled for new applications. */
export const usePartners = () => useQuery({ ...getPartnersQueryOptions(), refetchInterval: 30_000 });
