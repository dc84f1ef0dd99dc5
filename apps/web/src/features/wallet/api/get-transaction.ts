import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Transaction } from '@app/shared/schemas/crypto';
import { api } from '../../../lib/api-client';

export const getTransaction = (id: number) => api<Transaction>(`/crypto/transaction/${id}`);

export const getTransactionQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['crypto', 'transaction', id], queryFn: () => getTransaction(id) });

const SETTLED = new Set(['CONFIRMED', 'FAIL', 'CANCELED', 'NONE']);

/**
 * One transaction, kept fresh by 'transaction:update' (see use-wallet-events) and polled slowly
 * as a fallback until it settles.
 */
export const useTransaction = (id: number | null) =>
  useQuery({
    ...getTransactionQueryOptions(id ?? 0),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data && SETTLED.has(query.state.data.status) ? false : 5_000),
  });
