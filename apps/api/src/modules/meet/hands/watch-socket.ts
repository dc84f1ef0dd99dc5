import type { RealtimeSocket } from '../../../realtime/socket-server';
import type { MeetHands } from './meet-hands';
import { checkMeetGate } from '../../people/meet-gate';

/**
 * The socket's `meet:watch` (area or null): the live map of this socket follows that circle. The
 * ack says whether the area was accepted; it comes once events for it can arrive. Watching needs
 * what the map needs (an adult with a complete profile), else the ack is false; stopping (null)
 * is always allowed.
 */
export function onMeetWatch(
  hands: Pick<MeetHands, 'liveMap' | 'log' | 'db' | 'minAge' | 'clock'>,
  socket: RealtimeSocket,
  area: unknown,
  ack: unknown,
): void {
  const answer = (ok: boolean) => {
    if (typeof ack === 'function') ack(ok);
  };
  const allowed =
    area === null
      ? Promise.resolve(true)
      : checkMeetGate(hands.db, socket.data.userId, hands.minAge, hands.clock.now()).then(
          () => true,
          () => false,
        );
  allowed
    .then((ok) => (ok ? hands.liveMap.watch(socket, area) : false))
    .then(answer, (error: unknown) => {
      hands.log.error({ err: error }, 'meet:watch failed');
      answer(false);
    });
}
