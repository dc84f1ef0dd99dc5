import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TransactionList, TransactionStatus, TransactionType } from '@app/shared/schemas/crypto';
import { api } from '../../../lib/api-client';

export interface TransactionListParams {
  offset: number;
  limit: number;
  type?: TransactionType;
  status?: TransactionStatus;
}

export const getTransactions = (params: TransactionListParams) =>
  api<TransactionList>('/crypto/transaction', { query: { ...params } });

/** Every list shares this prefix, so one invalidation refreshes all pages and filters. */
export const TRANSACTIONS_KEY = ['crypto', 'transactions'] as const;

export const getTransactionsQueryOptions = (params: TransactionListParams) =>
  queryOptions({ queryKey: [...TRANSACTIONS_KEY, params], queryFn: () => getTransactions(params), staleTime: 15_000 });

/** One page of the caller's transactions, newest first; the previous page stays while the next loads. */
export const useTransactions = (params: TransactionListParams) =>
  useQuery({ ...getTransactionsQueryOptions(params), placeholderData: keepPreviousData });
