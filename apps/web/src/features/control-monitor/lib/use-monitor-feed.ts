import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MonitorFigures } from '@app/shared/schemas/monitor';
import { useSocket, useSocketConnected } from '../../../lib/socket';
import { getFiguresQueryOptions } from '../api/get-figures';
import { getSeriesQueryOptions } from '../api/get-series';

/**
 * Joins the monitor's staff room while the screen is open (again after a reconnect, which forgets
 * rooms) and takes each pushed set of figures into the cache; today's chart buckets follow when a
 * daily figure moved. Returns whether pushes arrive: connected and admitted to the room (else the
 * figures are polled).
 */
export function useMonitorFeed(): boolean {
  const socket = useSocket();
  const queryClient = useQueryClient();
  /** The server's answer to the last 'monitor:watch' (it refuses when the staff rules say no). */
  const [admitted, setAdmitted] = useState(false);

  useEffect(() => {
    if (!socket) return;
    const key = getFiguresQueryOptions().queryKey;
    const watch = () => socket.emit('monitor:watch', true, (ok) => setAdmitted(ok === true));
    const daily = (f: MonitorFigures) =>
      [f.registrationsToday, f.mintsToday, f.salesToday, f.deposits.creditedToday, f.withdrawals.sentToday].join();
    const onFigures = (figures: MonitorFigures) => {
      const before = queryClient.getQueryData(key);
      queryClient.setQueryData(key, figures);
      if (before && daily(before) !== daily(figures))
        void queryClient.invalidateQueries({ queryKey: getSeriesQueryOptions('day').queryKey.slice(0, 3) });
    };
    watch();
    socket.on('connect', watch);
    socket.on('monitor:figures', onFigures);
    return () => {
      socket.emit('monitor:watch', false);
      setAdmitted(false);
      socket.off('connect', watch);
      socket.off('monitor:figures', onFigures);
    };
  }, [socket, queryClient]);

  const connected = useSocketConnected();
  return connected && admitted;
}
