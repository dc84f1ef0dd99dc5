import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER, type Transaction, type WithdrawRequest } from '@app/shared/schemas/crypto';
import { api } from '../../../lib/api-client';
import { getWalletQueryOptions } from './get-wallet';
import { getTransactionQueryOptions } from './get-transaction';
import { TRANSACTIONS_KEY } from './get-transactions';

export interface WithdrawInput {
  request: WithdrawRequest;
  /** Made once per form submission and sent again on a retry of the same submission. */
  idempotencyKey: string;
}

export const withdraw = ({ request, idempotencyKey }: WithdrawInput) =>
  api<Transaction>('/crypto/wallet/withdraw/', {
    method: 'POST',
    body: request,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });

/** POST /crypto/wallet/withdraw/: the answer is the OUTPUT transaction; balances and history refresh. */
export function useWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdraw,
    onSuccess: (transaction) => {
      queryClient.setQueryData(getTransactionQueryOptions(transaction.id).queryKey, transaction);
      void queryClient.invalidateQueries({ queryKey: getWalletQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: TRANSACTIONS_KEY });
    },
  });
}
