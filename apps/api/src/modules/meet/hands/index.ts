import type { EventBus } from '../../../events/event-bus';
import type { Realtime } from '../../../realtime/socket-server';
import { dropBlockedHands } from './drop-blocked';
import { createMeetHands, type MeetHandsDeps } from './meet-hands';
import { rebuildIndex } from './rebuild';
import { handRoutes } from './routes';
import { startSweeper, sweepExpiredHands } from './sweeper';
import { onMeetWatch } from './watch-socket';

const SWEEP_INTERVAL_MS = 1_000;

/**
 * Raised hands and the live map. On start the index is rebuilt from the hands table (a restart
 * loses no hand) and the expiry sweeper runs; stop ends the sweeper, close the index and the bus.
 */
export async function createMeetHandsModule(deps: MeetHandsDeps & { realtime: Realtime; events: EventBus }) {
  const hands = await createMeetHands({ ...deps, log: deps.log.child({ module: 'meet-hands' }) });
  const { db, clock, index, log } = hands;
  const sweeper = startSweeper(() => sweepExpiredHands(hands), SWEEP_INTERVAL_MS, log);
  deps.realtime.onSocket((socket) => socket.on('meet:watch', (area, ack) => onMeetWatch(hands, socket, area, ack)));
  dropBlockedHands(deps.events, hands);
  return {
    hands,
    /** Drops expired hands now (the sweeper does it every second); resolves how many. */
    sweep: () => sweeper.sweep(),
    /** Register under /api/meet. */
    routes: handRoutes,
    routeOptions: { hands },
    start: async () => {
      const restored = await rebuildIndex(db, index, clock.now());
      if (restored) log.info({ hands: restored }, 'nearby index rebuilt from the hands table');
      sweeper.start();
    },
    stop: () => sweeper.stop(),
    close: () => hands.close(),
  };
}
export type MeetHandsModule = Awaited<ReturnType<typeof createMeetHandsModule>>;
