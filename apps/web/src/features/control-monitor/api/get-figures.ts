import { queryOptions, useQuery } from '@tanstack/react-query';
import { MONITOR_PATHS, type MonitorFigures } from '@app/shared/schemas/monitor';
import { api } from '../../../lib/api-client';

export const getFiguresQueryOptions = () =>
  queryOptions({
    queryKey: ['control', 'monitor', 'figures'],
    queryFn: () => api<MonitorFigures>(MONITOR_PATHS.figures),
  });

/**
 * The figures: read once, then kept current by the socket's pushes (see useMonitorFeed); polled
 * only while the socket is down.
 */
export const useFigures = (live: boolean) =>
  useQuery({ ...getFiguresQueryOptions(), refetchInterval: live ? false : 15_000 });
