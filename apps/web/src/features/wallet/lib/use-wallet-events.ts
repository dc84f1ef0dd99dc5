import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Transaction, TransactionList } from '@app/shared/schemas/crypto';
import { useSocket } from '../../../lib/socket';
import { getWalletQueryOptions } from '../api/get-wallet';
import { TRANSACTIONS_KEY } from '../api/get-transactions';
import { getTransactionQueryOptions } from '../api/get-transaction';
import { replaceInList } from './transactions';

/**
 * Keeps the wallet live: 'wallet:changed' refetches the balances and the history,
 * 'transaction:update' patches the transaction where it is shown (new ones refetch the history),
 * and every connect, the first one too ('session:ready'), refetches everything: what settled between
 * the page's first fetch and its socket joining was told to nobody (a withdrawal confirmed then
 * showed its new status in the history, fetched later, beside the old total).
 */
export function useWalletEvents() {
  const socket = useSocket();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!socket) return;
    const refreshAll = () => {
      void queryClient.invalidateQueries({ queryKey: getWalletQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: TRANSACTIONS_KEY });
    };
    const onTransaction = (tx: Transaction) => {
      queryClient.setQueryData(getTransactionQueryOptions(tx.id).queryKey, tx);
      let found = false;
      for (const [key, list] of queryClient.getQueriesData<TransactionList>({ queryKey: TRANSACTIONS_KEY })) {
        const next = list && replaceInList(list, tx);
        if (next) {
          found = true;
          queryClient.setQueryData(key, next);
        }
      }
      if (!found) void queryClient.invalidateQueries({ queryKey: TRANSACTIONS_KEY });
      // A settled transaction moves money: the balances follow (also announced by 'wallet:changed').
      if (tx.status === 'CONFIRMED' || tx.status === 'FAIL') {
        void queryClient.invalidateQueries({ queryKey: getWalletQueryOptions().queryKey });
      }
    };
    socket.on('wallet:changed', refreshAll);
    socket.on('transaction:update', onTransaction);
    socket.on('session:ready', refreshAll);
    return () => {
      socket.off('wallet:changed', refreshAll);
      socket.off('transaction:update', onTransaction);
      socket.off('session:ready', refreshAll);
    };
  }, [socket, queryClient]);
}
