import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, PushItem, ServerToClientEvents } from '@app/shared/socket-events';
import { createTestApp, insertUser, type TestApp } from '../../test/app';
import { testRedisUrl } from '../../test/services';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
}

function open(url: string, options: Parameters<typeof connect>[1] = {}): ClientSocket {
  return connect(url, {
    path: '/socket.io',
    reconnection: false,
    forceNew: true,
    transports: ['websocket'],
    ...options,
  });
}

function connectError(socket: ClientSocket): Promise<Error & { data?: { code: string } }> {
  return new Promise((resolve) => socket.once('connect_error', resolve));
}

const item: PushItem = { timestamp: 1, show: true, text: 'notifications.hello', timeout: 5000, color: 'info' };

describe('realtime socket', () => {
  let t: TestApp;
  let url: string;
  let userId: number;
  let token: string;
  const sockets: ClientSocket[] = [];
  const track = (s: ClientSocket) => (sockets.push(s), s);

  beforeAll(async () => {
    t = await createTestApp();
    url = await listen(t);
    userId = (await insertUser(t.database)).id;
    token = await t.app.tokens.sign(userId);
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await t.close();
  });

  it('authenticates with the access key header and joins the user room', async () => {
    const socket = track(open(url, { extraHeaders: { 'access-key': token }, transports: ['polling', 'websocket'] }));
    const ready = await new Promise<{ userId: number }>((resolve) => socket.once('session:ready', resolve));
    expect(ready.userId).toBe(userId);
    const received = new Promise<PushItem>((resolve) => socket.once('notification', resolve));
    t.services.realtime.toUser(userId, 'notification', item);
    expect(await received).toEqual(item);
  });

  it('accepts the key in the handshake auth (browsers cannot set websocket headers)', async () => {
    const socket = track(open(url, { auth: { accessKey: token } }));
    const ready = await new Promise<{ userId: number }>((resolve) => socket.once('session:ready', resolve));
    expect(ready.userId).toBe(userId);
    const serverTime = await socket.timeout(2000).emitWithAck('ping');
    expect(Math.abs(serverTime - Date.now())).toBeLessThan(60_000);
  });

  it('refuses a socket without a key or with a bad one', async () => {
    expect((await connectError(track(open(url)))).message).toBe('AUTH_REQUIRED');
    const bad = await connectError(track(open(url, { auth: { accessKey: 'nope' } })));
    expect(bad.message).toBe('TOKEN_INVALID');
    expect(bad.data).toEqual({ code: 'TOKEN_INVALID' });
  });

  it('refuses a blocked user', async () => {
    const blocked = await insertUser(t.database, { blockedAt: new Date() });
    const error = await connectError(track(open(url, { auth: { accessKey: await t.app.tokens.sign(blocked.id) } })));
    expect(error.message).toBe('TOKEN_INVALID');
  });

  it('does not deliver one user’s events to another', async () => {
    const other = await insertUser(t.database);
    const socket = track(open(url, { auth: { accessKey: await t.app.tokens.sign(other.id) } }));
    await new Promise((resolve) => socket.once('session:ready', resolve));
    let leaked = false;
    socket.on('notification', () => (leaked = true));
    const mine = track(open(url, { auth: { accessKey: token } }));
    await new Promise((resolve) => mine.once('session:ready', resolve));
    const delivered = new Promise((resolve) => mine.once('notification', resolve));
    t.services.realtime.toUser(userId, 'notification', item);
    await delivered;
    // Round-trip on the other socket after the emit: anything for it would have arrived first.
    await socket.timeout(2000).emitWithAck('ping');
    expect(leaked).toBe(false);
  });

  it('disconnects every socket of a user on demand', async () => {
    const socket = track(open(url, { auth: { accessKey: token } }));
    await new Promise((resolve) => socket.once('session:ready', resolve));
    const revoked = new Promise<string>((resolve) => socket.once('session:revoked', resolve));
    const gone = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    t.services.realtime.disconnectUser(userId, 'blocked');
    expect(await revoked).toBe('blocked');
    expect(await gone).toBe('io server disconnect');
  });
});

describe.skipIf(!(await testRedisUrl()))('realtime socket across processes (Redis adapter)', () => {
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

  it('delivers an event emitted on one API process to a socket on another', async () => {
    // Both test apps have their own database; the user exists in b, where the socket connects.
    const user = await insertUser(b.database);
    const socket = open(urlB, { auth: { accessKey: await b.app.tokens.sign(user.id) } });
    await new Promise((resolve) => socket.once('session:ready', resolve));
    const received = new Promise<PushItem>((resolve) => socket.once('notification', resolve));
    a.services.realtime.toUser(user.id, 'notification', { ...item, text: 'from-a' });
    expect((await received).text).toBe('from-a');
    socket.disconnect();
  });
});
