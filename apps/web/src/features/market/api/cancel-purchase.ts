import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Purchase } from '@app/shared/schemas/crypto';
import { api } from '../../../lib/api-client';
import { getMarketQueryOptions } from './get-market';
import { getPurchaseQueryOptions } from './get-purchase';
import { getPurchasesQueryOptions } from './get-purchases';

export const cancelPurchase = (id: number) => api<Purchase>(`/crypto/nft/purchase/${id}`, { method: 'DELETE' });

/** Leaves a queue: the prepaid price goes back to the balance. */
export function useCancelPurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelPurchase,
    onSuccess: (purchase) => {
      queryClient.setQueryData(getPurchaseQueryOptions(purchase.id).queryKey, purchase);
      void queryClient.invalidateQueries({ queryKey: getMarketQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: getPurchasesQueryOptions().queryKey });
    },
  });
}
