import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Purchase } from '@app/shared/schemas/crypto';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

export const getPurchases = () => api<{ items: Purchase[] }>('/crypto/nft/purchases');

export const getPurchasesQueryOptions = () =>
  queryOptions({ queryKey: ['crypto', 'purchases'], queryFn: getPurchases, staleTime: 15_000 });

/** The caller's active and recent purchases; disabled for guests. */
export function usePurchases() {
  const signedIn = Boolean(useSession()?.token);
  return useQuery({ ...getPurchasesQueryOptions(), enabled: signedIn });
}
