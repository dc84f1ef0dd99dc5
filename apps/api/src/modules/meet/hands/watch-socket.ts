import type { FastifyInstance } from 'fastify';
import type { RealtimeSocket } from '../../../realtime/socket-server';

/**
 * The socket's `meet:watch` (area or null): the live map of this socket follows that circle. The
 * ack says whether the area was accepted; it comes once events for it can arrive.
 */
export function onMeetWatch(app: FastifyInstance, socket: RealtimeSocket, area: unknown, ack: unknown): void {
  app.meetHands.liveMap.watch(socket, area).then(
    (ok) => {
      if (typeof ack === 'function') ack(ok);
    },
    (error: unknown) => {
      app.log.error({ err: error }, 'meet:watch failed');
      if (typeof ack === 'function') ack(false);
    },
  );
}
