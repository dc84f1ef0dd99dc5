import type { ServerToClientEvents } from '@app/shared/socket-events';
import type { RealtimeSocket } from './socket-server';

type EventName = keyof ServerToClientEvents;

/**
 * Events of the main namespace written as socket.io's encoder writes them: the packet type EVENT
 * ('2') and the JSON array of the name and its argument. A fan-out that sends thousands of viewers
 * each a slightly different copy builds their frames from parts it encoded once (hands/live-map.ts),
 * where emit() would walk every copy for binary parts and encode it whole again
 * (docs/decisions/044-fan-out-frames.md).
 */
export function eventFrame<E extends EventName>(event: E, ...args: Parameters<ServerToClientEvents[E]>): string {
  return `2${JSON.stringify([event, ...args])}`;
}

/**
 * The frame of an event whose one argument is an object: its fixed fields encoded once, and each
 * copy only adds its own. `own` must name fields that `fixed` does not have.
 */
export function objectFrames<E extends EventName, Fixed extends object>(
  event: E,
  fixed: Fixed,
): (own: Omit<Parameters<ServerToClientEvents[E]>[0], keyof Fixed>) => string {
  const json = JSON.stringify(fixed);
  const head = `2${JSON.stringify([event]).slice(0, -1)},${json.slice(0, -1)}`;
  const comma = json === '{}' ? '' : ',';
  return (own) => {
    const rest = JSON.stringify(own);
    return rest === '{}' ? `${head}}]` : `${head}${comma}${rest.slice(1)}]`;
  };
}

/** Writes a frame built above to the socket's connection (the same frame emit() would write). */
export function sendFrame(socket: RealtimeSocket, frame: string): void {
  socket.conn.write(frame);
}
