import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Purchase } from '@app/shared/schemas/crypto';
import { api } from '../../../lib/api-client';
import { isFinal } from '../lib/purchase-progress';

export const getPurchase = (id: number) => api<Purchase>(`/crypto/nft/purchase/${id}`);

export const getPurchaseQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['crypto', 'purchase', id], queryFn: () => getPurchase(id) });

/** While a purchase moves, 'purchase:update' brings each step; polling is the fallback. */
const POLL_LIVE_MS = 10_000;
const POLL_OFFLINE_MS = 3_000;

export const usePurchase = (id: number | null, live: boolean) =>
  useQuery({
    ...getPurchaseQueryOptions(id ?? 0),
    enabled: id !== null,
    refetchInterval: (query) => {
      const purchase = query.state.data;
      if (purchase && isFinal(purchase.status)) return false;
      return live ? POLL_LIVE_MS : POLL_OFFLINE_MS;
    },
  });
