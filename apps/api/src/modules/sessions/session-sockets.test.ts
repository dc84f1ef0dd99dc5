import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@app/shared/socket-events';
import { createTestApp, insertUser, type TestApp } from '../../../test/app';
import { testRedisUrl } from '../../../test/services';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const opened: ClientSocket[] = [];
afterEach(() => {
  opened.splice(0).forEach((s) => s.disconnect());
});

async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
}

function open(url: string, accessKey: string): ClientSocket {
  const socket: ClientSocket = connect(url, {
    path: '/socket.io',
    reconnection: false,
    forceNew: true,
    transports: ['websocket'],
    auth: { accessKey },
  });
  opened.push(socket);
  return socket;
}

/** Resolves once the server said the session is ready, rejects with the refusal's code. */
function ready(socket: ClientSocket): Promise<ClientSocket> {
  return new Promise((resolve, reject) => {
    socket.once('session:ready', () => resolve(socket));
    socket.once('connect_error', (error) => reject(error));
  });
}

const refusal = (socket: ClientSocket) =>
  new Promise<string>((resolve) => socket.once('connect_error', (error) => resolve(error.message)));

/** The reason the server gave and the disconnect that followed it. */
function ended(socket: ClientSocket): Promise<{ reason: string; disconnect: string }> {
  return new Promise((resolve) => {
    let reason = '';
    socket.once('session:revoked', (r) => (reason = r));
    socket.once('disconnect', (disconnect) => resolve({ reason, disconnect }));
  });
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('sockets of a session', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { SOCKETS_PER_USER_MAX: '3' } });
    url = await listen(t);
  });
  afterAll(() => t.close());

  it('close at once on logout; the same person’s other device stays connected', async () => {
    const user = await insertUser(t.database);
    const laptop = await t.app.tokens.sign(user.id);
    const phone = await t.app.tokens.sign(user.id);
    const laptopSocket = await ready(open(url, laptop));
    const phoneSocket = await ready(open(url, phone));
    const closing = ended(laptopSocket);
    expect((await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: bearer(laptop) })).statusCode).toBe(
      200,
    );
    expect(await closing).toEqual({ reason: 'logout', disconnect: 'io server disconnect' });
    expect(phoneSocket.connected).toBe(true);
    // The ended session cannot come back over the socket either.
    expect(await refusal(open(url, laptop))).toBe('SESSION_ENDED');
  });

  it('close when the session is ended from another device', async () => {
    const user = await insertUser(t.database);
    const laptop = await t.app.tokens.sign(user.id);
    const phone = await t.app.tokens.sign(user.id);
    const phoneSocket = await ready(open(url, phone));
    const list = await t.app.inject({ url: '/api/user/sessions', headers: bearer(laptop) });
    const other = list.json().sessions.find((s: { current: boolean }) => !s.current);
    const closing = ended(phoneSocket);
    await t.app.inject({ method: 'DELETE', url: `/api/user/sessions/${other.id}`, headers: bearer(laptop) });
    expect(await closing).toEqual({ reason: 'ended', disconnect: 'io server disconnect' });
  });

  it('are capped per person across devices', async () => {
    const user = await insertUser(t.database);
    const tokens = await Promise.all([1, 2, 3, 4].map(() => t.app.tokens.sign(user.id)));
    for (const token of tokens.slice(0, 3)) await ready(open(url, token));
    expect(await refusal(open(url, tokens[3]!))).toBe('TOO_MANY_SOCKETS');
    // Closing one makes room again.
    opened[opened.length - 2]!.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await ready(open(url, tokens[3]!));
  });
});

describe('a socket whose token expires', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_TOKEN_TTL_SECONDS: '2' } });
    url = await listen(t);
  });
  afterAll(() => t.close());

  it('is told and closed when it expires', async () => {
    const user = await insertUser(t.database);
    const started = Date.now();
    const socket = await ready(open(url, await t.app.tokens.sign(user.id)));
    const result = await ended(socket);
    expect(result).toEqual({ reason: 'expired', disconnect: 'io server disconnect' });
    // Expiry is counted in whole seconds from the sign-in: between one and two seconds.
    expect(Date.now() - started).toBeGreaterThan(900);
    expect(Date.now() - started).toBeLessThan(2500);
  });
});

describe('socket handshakes per client address', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { SOCKET_HANDSHAKES_PER_MINUTE: '3' } });
    url = await listen(t);
  });
  afterAll(() => t.close());

  it('are limited, before the token is even read', async () => {
    const user = await insertUser(t.database);
    const token = await t.app.tokens.sign(user.id);
    for (let i = 0; i < 3; i++) (await ready(open(url, token))).disconnect();
    expect(await refusal(open(url, token))).toBe('RATE_LIMITED');
    expect(await refusal(open(url, 'not-a-token'))).toBe('RATE_LIMITED');
  });
});

describe.skipIf(!(await testRedisUrl()))('sockets of an ended session on another API process', () => {
  let a: TestApp;
  let b: TestApp;
  let urlB: string;
  beforeAll(async () => {
    const redisUrl = (await testRedisUrl())!;
    a = await createTestApp({ redisUrl });
    b = await createTestApp({ redisUrl });
    await listen(a);
    urlB = await listen(b);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('close when the session is ended on this one', async () => {
    // Each test app has its own database; the session lives in b's, where the socket connects.
    const user = await insertUser(b.database);
    const token = await b.app.tokens.sign(user.id);
    const socket = await ready(open(urlB, token));
    const { sessionId } = await b.app.tokens.verify(token);
    const closing = ended(socket);
    a.services.realtime.disconnectSession(sessionId, 'logout');
    expect(await closing).toEqual({ reason: 'logout', disconnect: 'io server disconnect' });
  });
});
