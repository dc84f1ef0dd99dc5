import { queryOptions, useQuery } from '@tanstack/react-query';
import type { KycDetail } from '@app/shared/schemas/kyc';
import { api } from '../../../lib/api-client';

/** GET /api/kyc/moderate/{id}: one application with its photos, history, duplicates and waiting decision. */
export const getKycDetail = (id: number) => api<KycDetail>(`/kyc/moderate/${id}`);

export const getKycDetailQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['kyc', 'moderate', 'detail', id], queryFn: () => getKycDetail(id) });

export const useKycDetail = (id: number | null) =>
  useQuery({ ...getKycDetailQueryOptions(id ?? 0), enabled: id !== null, refetchInterval: 30_000 });
