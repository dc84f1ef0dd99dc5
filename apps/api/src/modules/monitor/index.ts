import type { Db } from '../../db/client';
import type { EventBus } from '../../events/event-bus';
import type { Realtime, RealtimeSocket } from '../../realtime/socket-server';
import { readFigures } from './figures';
import { createMonitorLive } from './live';
import { subscribeRollups } from './rollups';
import { monitorRoutes } from './routes';

/**
 * The admin monitor: daily rollups kept by domain-event subscribers, live figures pushed to the
 * admins' socket room, and the charts' series. Register the routes under /api/control/monitor.
 */
export function createMonitorModule(deps: {
  db: Db;
  events: EventBus;
  realtime: Realtime;
  /** Whether a socket may watch the figures (the staff rules of the monitor's routes). */
  admits: (socket: RealtimeSocket) => Promise<boolean>;
  /** The app's clock (hands and meetings run on it). */
  now: () => number;
  log: { error(obj: object, msg: string): void };
  /** How often watchers hear the gauges (default 5 s). */
  tickMs?: number;
}) {
  const read = () => readFigures({ db: deps.db, realtime: deps.realtime, now: deps.now });
  const live = createMonitorLive({
    realtime: deps.realtime,
    admits: deps.admits,
    read,
    log: deps.log,
    tickMs: deps.tickMs,
  });
  subscribeRollups(deps.events, live.pushSoon);
  return {
    read,
    routes: monitorRoutes,
    routeOptions: { db: deps.db, read },
    start: async () => live.start(),
    stop: async () => live.stop(),
  };
}
export type MonitorModule = ReturnType<typeof createMonitorModule>;
