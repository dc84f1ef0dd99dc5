import type { RealtimeSocket } from '../../../realtime/socket-server';
import type { MeetHands } from './meet-hands';

/**
 * The socket's `meet:watch` (area or null): the live map of this socket follows that circle. The
 * ack says whether the area was accepted; it comes once events for it can arrive.
 */
export function onMeetWatch(
  hands: Pick<MeetHands, 'liveMap' | 'log'>,
  socket: RealtimeSocket,
  area: unknown,
  ack: unknown,
): void {
  hands.liveMap.watch(socket, area).then(
    (ok) => {
      if (typeof ack === 'function') ack(ok);
    },
    (error: unknown) => {
      hands.log.error({ err: error }, 'meet:watch failed');
      if (typeof ack === 'function') ack(false);
    },
  );
}
