import type { Db } from '../../db/client';
import type { Realtime } from '../../realtime/socket-server';
import { createTypingRelay } from './typing';

/** The chat's own socket handler: a typing signal is relayed to the other side of the conversation. */
export function registerChatSockets(
  realtime: Realtime,
  deps: { db: Db; log: { warn(obj: object, msg: string): void } },
) {
  const relayTyping = createTypingRelay({
    db: deps.db,
    emit: (userId, event, ...args) => realtime.toUser(userId, event, ...args),
    log: deps.log,
  });
  realtime.onSocket((socket) => {
    socket.on('chat:typing', (typing) => relayTyping(socket.data.userId, typing));
  });
}
