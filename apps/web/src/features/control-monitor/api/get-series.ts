import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { MONITOR_PATHS, type MonitorPeriod, type MonitorSeries } from '@app/shared/schemas/monitor';
import { api } from '../../../lib/api-client';

export const getSeriesQueryOptions = (period: MonitorPeriod) =>
  queryOptions({
    queryKey: ['control', 'monitor', 'series', period],
    queryFn: () => api<MonitorSeries>(`${MONITOR_PATHS.series}?period=${period}`),
  });

/** The charts' buckets; the previous period stays on screen while the next one loads. */
export const useSeries = (period: MonitorPeriod) =>
  useQuery({ ...getSeriesQueryOptions(period), placeholderData: keepPreviousData, refetchInterval: 60_000 });
