import { queryOptions, useQuery } from '@tanstack/react-query';
import { OPERATIONS_PATHS, type OperationsOverview } from '@app/shared/schemas/operations';
import { api } from '../../../lib/api-client';

export const getOperationsQueryOptions = () =>
  queryOptions({
    queryKey: ['control', 'jobs'],
    queryFn: () => api<OperationsOverview>(OPERATIONS_PATHS.overview),
  });

/** Failed jobs, chain steps and reconciliation; polled, as jobs fail and runs finish on their own. */
export const useOperations = () => useQuery({ ...getOperationsQueryOptions(), refetchInterval: 30_000 });
