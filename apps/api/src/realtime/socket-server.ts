import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import { HEADERS } from '@app/shared/constants';
import { userRoom, type ClientToServerEvents, type ServerToClientEvents } from '@app/shared/socket-events';
import { AppError } from '../lib/app-error';
import { observeAdapterCommands } from './adapter-clients';
import { bearerToken } from '../plugins/auth';
import { clientAddress, createHandshakeLimit } from './handshake-limit';

interface SocketData {
  userId: number;
  sessionId: string;
}

/** Every socket of one sign-in, on every API process: ending the session closes them. */
const sessionRoom = (sessionId: string) => `session:${sessionId}`;

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/**
 * What modules get of the realtime layer: send to a user or a room on every API process, end a
 * user's sockets, and add their own handlers to each authenticated socket. It knows no module.
 */
export interface Realtime {
  io: RealtimeServer;
  /** Emits to every socket of one user, on every API process. */
  toUser<E extends keyof ServerToClientEvents>(
    userId: number,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  toRoom<E extends keyof ServerToClientEvents>(
    room: string,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  /** Ends a user's sockets everywhere (blocked, deleted, logged out). */
  disconnectUser(userId: number, reason: string): void;
  /** Ends the sockets of one session everywhere (logged out, ended from the list, password reset). */
  disconnectSession(sessionId: string, reason: string): void;
  /** Runs for every authenticated socket, after it joined its user's room. */
  onSocket(handler: (socket: RealtimeSocket) => void): void;
  /** The socket's client address as a request of its connection would have it (rate limits). */
  addressOf(socket: RealtimeSocket): string;
}

/** The access key of SPEC.md section 7, from the header, the handshake auth, or a bearer header. */
export function accessKeyOf(socket: RealtimeSocket): string | undefined {
  const header = socket.handshake.headers[HEADERS.accessKey];
  if (typeof header === 'string' && header) return header;
  const auth = socket.handshake.auth as { accessKey?: unknown; token?: unknown };
  if (typeof auth?.accessKey === 'string' && auth.accessKey) return auth.accessKey;
  if (typeof auth?.token === 'string' && auth.token) return auth.token;
  return bearerToken(socket.handshake.headers.authorization);
}

export interface RealtimeOptions {
  redis?: { client: Redis; pub: Redis; sub: Redis };
  /** Open sockets one person may have across every process; the next handshake is refused. */
  socketsPerUser: number;
  handshakesPerMinute: number;
  trustProxy: boolean;
}

const MAX_TIMEOUT_MS = 2 ** 31 - 1;

const refusal = (code: string) => Object.assign(new Error(code), { data: { code } });

/**
 * socket.io on the API's own HTTP server. A socket must present a valid access key (the JWT) of a
 * live session; it then joins its user's and its session's rooms and is closed when the token
 * expires. With Redis, rooms span every API process.
 */
export function attachRealtime(app: FastifyInstance, opts: RealtimeOptions): Realtime {
  if (opts.redis) observeAdapterCommands([opts.redis.pub, opts.redis.sub], app.log);
  const io: RealtimeServer = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    cors: undefined,
    ...(opts.redis && { adapter: createAdapter(opts.redis.pub, opts.redis.sub, { key: 'sio' }) }),
  });

  const handshakes = createHandshakeLimit({
    perMinute: opts.handshakesPerMinute,
    trustProxy: opts.trustProxy,
    redis: opts.redis?.client,
  });
  const expiries = new WeakMap<RealtimeSocket, Date>();

  io.use(async (socket, next) => {
    try {
      // Counted before the token is even read: a flood costs no database read.
      await handshakes.consume(socket.request);
      const user = await app.resolveToken(accessKeyOf(socket));
      const open = await io.in(userRoom(user.id)).fetchSockets();
      if (open.length >= opts.socketsPerUser) throw new AppError('TOO_MANY_SOCKETS');
      socket.data.userId = user.id;
      socket.data.sessionId = user.sessionId;
      expiries.set(socket, user.expiresAt);
      next();
    } catch (error) {
      const code = error instanceof AppError ? error.code : 'INTERNAL_ERROR';
      if (!(error instanceof AppError)) app.log.error({ err: error }, 'socket authentication failed');
      next(refusal(code));
    }
  });

  /** A socket outlives no token: it is told and closed the moment its token expires. */
  const closeOnExpiry = (socket: RealtimeSocket) => {
    const expiresAt = expiries.get(socket);
    if (!expiresAt) return;
    let timer: NodeJS.Timeout;
    const wait = () => {
      const left = expiresAt.getTime() - Date.now();
      if (left > 0) {
        // Node fires a longer timeout at once, so a long token is waited for in steps.
        timer = setTimeout(wait, Math.min(left, MAX_TIMEOUT_MS));
        timer.unref();
        return;
      }
      socket.emit('session:revoked', 'expired');
      socket.disconnect(true);
    };
    wait();
    socket.once('disconnect', () => clearTimeout(timer));
  };

  const handlers: ((socket: RealtimeSocket) => void)[] = [];
  io.on('connection', (socket: RealtimeSocket) => {
    const { userId, sessionId } = socket.data;
    void socket.join([userRoom(userId), sessionRoom(sessionId)]);
    closeOnExpiry(socket);
    socket.emit('session:ready', { userId, serverTime: Date.now() });
    socket.on('ping', (ack) => {
      if (typeof ack === 'function') ack(Date.now());
    });
    for (const handler of handlers) handler(socket);
  });

  const realtime: Realtime = {
    io,
    toUser: (userId, event, ...args) => {
      io.to(userRoom(userId)).emit(event, ...args);
    },
    toRoom: (room, event, ...args) => {
      io.to(room).emit(event, ...args);
    },
    disconnectUser: (userId, reason) => {
      io.to(userRoom(userId)).emit('session:revoked', reason);
      io.in(userRoom(userId)).disconnectSockets(true);
    },
    disconnectSession: (sessionId, reason) => {
      io.to(sessionRoom(sessionId)).emit('session:revoked', reason);
      io.in(sessionRoom(sessionId)).disconnectSockets(true);
    },
    onSocket: (handler) => void handlers.push(handler),
    addressOf: (socket) => clientAddress(socket.request, opts.trustProxy),
  };

  // Close sockets before Fastify closes the HTTP server, so open websockets do not hold it up.
  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
    io.engine.close();
  });
  return realtime;
}
