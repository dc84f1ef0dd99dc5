/**
 * Shared by the raised-hands tests (not a test file itself): users with a complete adult profile,
 * HTTP calls, sockets watching an area, and waiting for (or ruling out) socket events.
 */
import crypto from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import type { FastifyInstance } from 'fastify';
import type { ClientToServerEvents, ServerToClientEvents } from '@app/shared/socket-events';
import type { RaiseHandRequest, WatchArea } from '@app/shared/schemas/meet';
import type { Database } from '../../src/db/client';
import { insertUser } from '../app';
import { destination, type LatLng } from '../../src/modules/meet/nearby/geo';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface TestUser {
  id: number;
  token: string;
  headers: Record<string, string>;
}

export const MOSCOW: LatLng = { lat: 55.7558, lng: 37.6173 };

/** A point `meters` from `from` towards `bearing`, with many decimals (so a leak is recognisable). */
export const away = (from: LatLng, bearing: number, meters: number): LatLng => destination(from, bearing, meters);

export async function adult(
  app: FastifyInstance,
  database: Database,
  values: Parameters<typeof insertUser>[1] = {},
): Promise<TestUser> {
  const row = await insertUser(database, {
    domain: `u${crypto.randomBytes(5).toString('hex')}`,
    firstName: 'Anna',
    lastName: 'Petrova',
    gender: 1,
    birthday: new Date(Date.UTC(1990, 2, 5)),
    ...values,
  });
  const token = await app.tokens.sign(row.id);
  return { id: row.id, token, headers: { authorization: `Bearer ${token}` } };
}

export async function call<T = unknown>(
  app: FastifyInstance,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  who: TestUser | null,
  payload?: unknown,
): Promise<{ status: number; body: T; raw: string }> {
  const res = await app.inject({
    method,
    url: `/api/meet${url}`,
    headers: who?.headers ?? {},
    ...(payload !== undefined && { payload: payload as object }),
  });
  return { status: res.statusCode, body: res.json() as T, raw: res.body };
}

export const raise = (app: FastifyInstance, who: TestUser, at: LatLng, extra: Partial<RaiseHandRequest> = {}) =>
  call(app, 'PUT', '/hand', who, {
    mood: 'chat',
    durationHours: 1,
    position: { lat: at.lat, lng: at.lng, accuracy: 10 },
    ...extra,
  });

export const nearbyUrl = (at: LatLng, params: Record<string, string | number> = {}) =>
  `/nearby?${new URLSearchParams({ lat: String(at.lat), lng: String(at.lng), ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) })}`;

export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
}

export async function online(url: string, who: TestUser): Promise<ClientSocket> {
  const socket: ClientSocket = connect(url, {
    path: '/socket.io',
    reconnection: false,
    forceNew: true,
    transports: ['websocket'],
    auth: { accessKey: who.token },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('session:ready', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

export async function watch(socket: ClientSocket, area: WatchArea | null): Promise<boolean> {
  return socket.timeout(5000).emitWithAck('meet:watch', area as WatchArea);
}

type Payload<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>[0];

/** Everything of an event a socket receives from now on. */
export function record<E extends keyof ServerToClientEvents>(socket: ClientSocket, event: E): Payload<E>[] {
  const seen: Payload<E>[] = [];
  socket.on(event, ((payload: Payload<E>) => seen.push(payload)) as never);
  return seen;
}

/** The next event of a kind that matches, or a rejection after a few seconds. */
export function next<E extends keyof ServerToClientEvents>(
  socket: ClientSocket,
  event: E,
  match: (payload: Payload<E>) => boolean = () => true,
  timeoutMs = 5000,
): Promise<Payload<E>> {
  return new Promise((resolve, reject) => {
    const handler = ((payload: Payload<E>) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, handler);
      resolve(payload);
    }) as never;
    const timer = setTimeout(() => {
      socket.off(event, handler);
      reject(new Error(`no ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on(event, handler);
  });
}

/** A round trip: whatever the server emitted to this socket before it has arrived by now. */
export const settled = (socket: ClientSocket) => socket.timeout(5000).emitWithAck('ping');

/** Every number anywhere inside a JSON value. */
export function numbersIn(value: unknown, out: number[] = []): number[] {
  if (typeof value === 'number') out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => numbersIn(v, out));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => numbersIn(v, out));
  return out;
}

/**
 * Whether a JSON text or value gives away an exact coordinate: as a number, in full or to seven
 * decimals (shown points have six, so a seven-decimal spelling can only come from the truth).
 */
export function leaks(payload: unknown, exact: LatLng): boolean {
  const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
  const spellings = [exact.lat, exact.lng].flatMap((v) => [String(v), v.toFixed(7)]);
  if (spellings.some((s) => text.includes(s))) return true;
  const parsed: unknown = typeof payload === 'string' ? JSON.parse(payload) : payload;
  return numbersIn(parsed).some((n) => n === exact.lat || n === exact.lng);
}
