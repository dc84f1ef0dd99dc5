import type { Db } from '../../db/client';
import type { Realtime } from '../../realtime/socket-server';
import { chatRoutes } from './routes';
import { registerChatSockets } from './sockets';

/** Conversations, blocks and the typing signal (a socket handler of its own). */
export function createChatModule(deps: {
  db: Db;
  realtime: Realtime;
  minAge: number;
  log: { warn(obj: object, msg: string): void };
}) {
  registerChatSockets(deps.realtime, { db: deps.db, log: deps.log });
  return {
    /** Register under /api/chat. */
    routes: chatRoutes,
    routeOptions: { db: deps.db, realtime: deps.realtime, minAge: deps.minAge },
  };
}
