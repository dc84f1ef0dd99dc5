import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { TRANSACTIONS_KEY } from './get-transactions';

/** Test USDT sent per press of "Get test USDT". */
export const FAUCET_AMOUNT_USDT = '1000';

/**
 * POST /crypto/dev/faucet, only on the embedded development chain: test USDT goes on chain to the
 * caller's deposit address and arrives later as an ordinary INPUT deposit.
 */
export const requestFaucet = (amount: string = FAUCET_AMOUNT_USDT) =>
  api<unknown>('/crypto/dev/faucet', { method: 'POST', body: { amount } });

export function useRequestFaucet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestFaucet,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TRANSACTIONS_KEY }),
  });
}
