import { MONITOR_ROOM, type MonitorFigures } from '@app/shared/schemas/monitor';
import type { Realtime, RealtimeSocket } from '../../realtime/socket-server';

/** Gauges (people online, hands, queues) change without an event: watchers hear them this often. */
export const MONITOR_TICK_MS = 5_000;
/** Events arriving together cause one read and one push. */
const PUSH_DELAY_MS = 250;

/**
 * The monitor's live side. An admin's socket joins a staff-only room with 'monitor:watch' (checked
 * at that moment by the staff routes' own rules, so a socket opened before a demotion or without
 * the second factor does not get in). The figures are read once per push for the whole room, never per watcher: after the
 * rollups changed (to the room on every process) and on a tick (each process to its own watchers).
 */
export function createMonitorLive(deps: {
  realtime: Realtime;
  /** Whether this socket may watch now (admins, under the staff rules of the routes). */
  admits: (socket: RealtimeSocket) => Promise<boolean>;
  read: () => Promise<MonitorFigures>;
  log: { error(obj: object, msg: string): void };
  tickMs?: number;
}) {
  const { realtime } = deps;
  let timer: NodeJS.Timeout | undefined;
  let pending: NodeJS.Timeout | undefined;

  async function watch(socket: RealtimeSocket, on: boolean): Promise<boolean> {
    if (!on) {
      await socket.leave(MONITOR_ROOM);
      return true;
    }
    if (!(await deps.admits(socket))) return false;
    await socket.join(MONITOR_ROOM);
    socket.emit('monitor:figures', await deps.read());
    return true;
  }

  realtime.onSocket((socket) => {
    socket.on('monitor:watch', (on, ack) => {
      watch(socket, on === true)
        .then((ok) => (typeof ack === 'function' ? ack(ok) : undefined))
        .catch((error: unknown) => {
          deps.log.error({ err: error }, 'monitor watch failed');
          if (typeof ack === 'function') ack(false);
        });
    });
  });

  const localWatchers = () => realtime.io.of('/').adapter.rooms.get(MONITOR_ROOM)?.size ?? 0;

  async function push(everywhere: boolean) {
    const figures = await deps.read();
    if (everywhere) realtime.io.to(MONITOR_ROOM).emit('monitor:figures', figures);
    else realtime.io.local.to(MONITOR_ROOM).emit('monitor:figures', figures);
  }

  const fail = (error: unknown) => deps.log.error({ err: error }, 'monitor push failed');

  return {
    /** After a rollup changed: one push to every watcher shortly. */
    pushSoon() {
      if (pending) return;
      pending = setTimeout(() => {
        pending = undefined;
        push(true).catch(fail);
      }, PUSH_DELAY_MS);
      pending.unref();
    },
    start() {
      const tick = () => {
        timer = setTimeout(() => {
          // Nobody watching here: nothing is read.
          const work = localWatchers() > 0 ? push(false).catch(fail) : Promise.resolve();
          void work.finally(() => {
            if (timer) tick();
          });
        }, deps.tickMs ?? MONITOR_TICK_MS);
        timer.unref();
      };
      tick();
    },
    stop() {
      clearTimeout(timer);
      clearTimeout(pending);
      timer = undefined;
      pending = undefined;
    },
  };
}
