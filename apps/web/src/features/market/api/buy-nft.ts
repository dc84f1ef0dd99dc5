import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER, type BuyRequest, type Purchase } from '@app/shared/schemas/crypto';
import { api } from '../../../lib/api-client';
import { getMarketQueryOptions } from './get-market';
import { getPurchaseQueryOptions } from './get-purchase';
import { getPurchasesQueryOptions } from './get-purchases';

export interface BuyInput {
  request: BuyRequest;
  /** Made once per purchase attempt; a retry of the same attempt sends it again. */
  idempotencyKey: string;
}

export const buyNft = ({ request, idempotencyKey }: BuyInput) =>
  api<Purchase>('/crypto/nft/buy', {
    method: 'POST',
    body: request,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });

/**
 * POST /crypto/nft/buy: PROCESSING when a token is in stock, QUEUED (the price prepaid into
 * escrow) when not. The balances refresh through 'wallet:changed'.
 */
export function useBuyNft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: buyNft,
    onSuccess: (purchase) => {
      queryClient.setQueryData(getPurchaseQueryOptions(purchase.id).queryKey, purchase);
      void queryClient.invalidateQueries({ queryKey: getMarketQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: getPurchasesQueryOptions().queryKey });
    },
  });
}
