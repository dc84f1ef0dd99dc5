import { queryOptions, useQuery } from '@tanstack/react-query';
import { CPA_PROGRAMME_PATHS, type CpaPartnerState } from '@app/shared/schemas/cpa-programme';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

export const getPartner = () => api<CpaPartnerState>(CPA_PROGRAMME_PATHS.partner);

export const getPartnerQueryOptions = () =>
  queryOptions({ queryKey: ['cpa', 'partner'], queryFn: getPartner, staleTime: 30_000 });

/** The signed-in person's standing in the programme (none, applied, approved, rejected); off for guests. */
export function usePartner() {
  const record = useSession();
  return useQuery({ ...getPartnerQueryOptions(), enabled: Boolean(record?.token) });
}
