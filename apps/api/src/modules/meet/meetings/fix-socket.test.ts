import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { HEADERS } from '@app/shared/constants';
import type { ErrorBody } from '@app/shared/errors';
import type { MeetingProgress, MeetingView } from '@app/shared/schemas/meet';
import type {
  ClientToServerEvents,
  MeetingFixAnswer,
  MeetingFixEvent,
  ServerToClientEvents,
} from '@app/shared/socket-events';
import type { AppServices } from '../../../app';
import type { Database } from '../../../db/client';
import { chatBlocks, meetings, sessions, users } from '../../../db/schema';
import { createTestApp, testConfig, type TestApp } from '../../../../test/app';
import { startApiProcesses } from '../../../../test/api-processes';
import { testRedisUrl } from '../../../../test/services';
import { until } from '../../../../test/until';
import { ALICE, ORIGIN, walkingTogether } from '../../../../test/kits/detector-tracks';
import { api, kitUser, type KitUser } from '../../../../test/kits/meetings';
import type { Fix } from '../detector/fix';
import { offsetMeters } from '../detector/geo';
import type { PairRecord } from './ingest';
import { pairKey, pairOf } from './pair';

/**
 * The meeting screen's fixes over the socket ('meeting:fix', decision 037): the same detection,
 * answers and errors as POST /api/meet/meetings/:peerId/position, the session and the blocks
 * checked on every fix, and two API processes sharing Redis finding a meeting whose two phones are
 * on different processes. In process and, when Redis answers, on Redis; on PostgreSQL under
 * `npm run test:pg`.
 */

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
const redisUrl = await testRedisUrl();

const opened: ClientSocket[] = [];
afterEach(() => {
  opened.splice(0).forEach((s) => s.disconnect());
});

function urlOf(app: FastifyInstance) {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
}

interface Phone {
  socket: ClientSocket;
  /** Everything the socket heard, in order. */
  heard: { event: string; payload: unknown }[];
  send(peer: KitUser, fix: unknown, extra?: Partial<MeetingFixEvent>): Promise<MeetingFixAnswer>;
}

async function phone(app: FastifyInstance, who: KitUser): Promise<Phone> {
  const socket: ClientSocket = connect(urlOf(app), {
    path: '/socket.io',
    reconnection: false,
    forceNew: true,
    transports: ['websocket'],
    auth: { accessKey: who.token },
  });
  opened.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('session:ready', () => resolve());
    socket.once('connect_error', reject);
  });
  const heard: Phone['heard'] = [];
  socket.onAny((event: string, payload: unknown) => heard.push({ event, payload }));
  return {
    socket,
    heard,
    send: (peer, fix, extra = {}) =>
      socket.timeout(10_000).emitWithAck('meeting:fix', {
        peerId: peer.id,
        fix: fix as MeetingFixEvent['fix'],
        fingerprint: who.headers[HEADERS.fingerprint],
        ...extra,
      }),
  };
}

const fixAt = (at: number, north = 0, east = 0, accuracy = 5) => ({
  ...offsetMeters(ORIGIN, north, east),
  accuracy,
  at,
});
const body = (fix: Fix) => ({ lat: fix.lat, lng: fix.lng, accuracy: fix.accuracy, at: fix.timestamp });
/**
 * Stops the server's clock between moves (it otherwise runs on in real time between two calls), so
 * two pairs fed the same fixes at the same moments get the same server times to the millisecond.
 */
function stopClock(services: Pick<AppServices, 'clock'>) {
  const { clock } = services;
  const running = clock.now;
  let now = running();
  clock.now = () => now;
  return {
    advance: (ms: number) => void (now += ms),
    restore: () => void (clock.now = running),
  };
}

const updatesOf = (heard: Phone['heard']) =>
  heard.filter((e) => e.event === 'meeting:update').map((e) => e.payload as { peerId: number; view: MeetingView });

async function meetingRows(database: Database, a: KitUser, b: KitUser) {
  const pair = pairOf(a.id, b.id);
  return database.db
    .select()
    .from(meetings)
    .where(and(eq(meetings.userLowId, pair.low), eq(meetings.userHighId, pair.high)));
}

/**
 * The socket.io Redis adapter names a user's room by id for every app on the Redis, and other test
 * files run meanwhile with databases of their own numbering users from 1: this file's users are
 * numbered far above theirs, so no push of ours reaches their sockets, nor theirs ours.
 */
async function numberUsersApart(database: Database) {
  await database.executeSql(`select setval(pg_get_serial_sequence('users', 'id'), 7000000)`);
}

const variants = [
  { name: 'in process', redis: false },
  { name: 'on Redis', redis: true },
] as const;

describe.each(variants)('fixes over the socket ($name)', ({ redis }) => {
  let t: TestApp;

  beforeAll(async () => {
    if (redis && !redisUrl) return;
    t = await createTestApp({
      env: { CLOCK_CONTROL: 'true', RATE_LIMIT_MAX: '1000000', RATE_LIMIT_AUTH_MAX: '10000' },
      ...(redis && { redisUrl }),
    });
    await numberUsersApart(t.database);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t?.close());

  const user = () => kitUser(t.app, t.database);
  const record = (a: KitUser, b: KitUser) =>
    t.services.meetings.store.get<PairRecord>(pairKey(pairOf(a.id, b.id)), t.services.clock.now());

  it.skipIf(redis && !redisUrl)(
    'finds a meeting exactly as HTTP does: the same answer to every fix, the same pushes, one row',
    async () => {
      // One pair's phones send over the socket, the other pair's over HTTP, fix by fix at the same
      // server time; both pairs' sockets listen.
      const [a, b, c, d] = [await user(), await user(), await user(), await user()];
      const [phoneA, phoneB, listenC, listenD] = [
        await phone(t.app, a),
        await phone(t.app, b),
        await phone(t.app, c),
        await phone(t.app, d),
      ];
      const fixes = walkingTogether(7).fixes;
      let previous = fixes[0]!.timestamp;
      const overSocket: MeetingProgress[] = [];
      const overHttp: MeetingProgress[] = [];
      const clock = stopClock(t.services);
      onTestFinished(clock.restore);
      for (const fix of fixes) {
        clock.advance(Math.max(0, fix.timestamp - previous));
        previous = Math.max(previous, fix.timestamp);
        const alice = fix.userId === ALICE;
        const answer = await (alice ? phoneA : phoneB).send(alice ? b : a, body(fix));
        if (!answer.ok) throw new Error(`refused: ${JSON.stringify(answer.error)}`);
        overSocket.push(answer.progress);
        const [from, to] = alice ? [c, d] : [d, c];
        const res = await api<MeetingProgress>(t.app, 'POST', `/meet/meetings/${to.id}/position`, from, body(fix));
        expect(res.status).toBe(200);
        overHttp.push(res.body);
      }
      expect(overSocket).toEqual(overHttp);
      expect(overSocket.at(-1)!.status).toBe('met');
      expect(await meetingRows(t.database, a, b)).toHaveLength(1);
      expect(await meetingRows(t.database, c, d)).toHaveLength(1);
      // No position is kept once the meeting is found, whichever way the fixes came.
      expect((await record(a, b))!.state.fixes).toEqual([null, null]);
      expect((await record(a, b))!.movement).toEqual([null, null]);

      // The same pushes, as each user sees them (the views differ only in who the peer is).
      const live = (heard: Phone['heard']) =>
        updatesOf(heard).map((u) => ({ progress: u.view.progress, peerPresent: u.view.peerPresent }));
      await until(() => live(phoneA.heard).at(-1)?.progress.status === 'met', 5_000, 'the met push');
      await until(() => live(listenC.heard).at(-1)?.progress.status === 'met', 5_000, 'the met push over HTTP');
      expect(live(phoneA.heard)).toEqual(live(listenC.heard));
      expect(live(phoneB.heard)).toEqual(live(listenD.heard));
      expect(live(phoneA.heard).length).toBeGreaterThan(5);
      for (const [heard, peer] of [
        [phoneA.heard, b],
        [phoneB.heard, a],
      ] as const) {
        expect(updatesOf(heard).every((u) => u.peerId === peer.id)).toBe(true);
        const found = heard.filter((e) => e.event === 'notification').map((e) => e.payload);
        expect(found).toEqual([
          expect.objectContaining({ text: 'notifications.meetingFound', values: { name: peer.domain } }),
        ]);
        // Nothing about positions or distance ever reaches a user.
        expect(JSON.stringify(heard)).not.toMatch(/"lat"|"lng"|distance/i);
      }
    },
  );

  it.skipIf(redis && !redisUrl)(
    'answers bad input with the route’s own translated errors and changes nothing',
    async () => {
      const [a, b] = [await user(), await user()];
      const phoneA = await phone(t.app, a);
      const good = fixAt(1_000);
      const cases: { peerId: unknown; fix: unknown }[] = [
        { peerId: b.id, fix: { ...good, lat: 91 } },
        { peerId: b.id, fix: { ...good, accuracy: -1, at: 'now' } },
        { peerId: b.id, fix: undefined },
        { peerId: b.id, fix: { lat: '55.7', lng: 37.6 } },
        { peerId: 'abc', fix: good },
        { peerId: -3, fix: { ...good, lng: 500 } },
        { peerId: a.id, fix: good },
        { peerId: 99_999_999, fix: good },
      ];
      for (const { peerId, fix } of cases) {
        const overSocket = await phoneA.send(b, fix, { peerId: peerId as number });
        // The same caller over HTTP.
        const overHttp = await t.app.inject({
          method: 'POST',
          url: `/api/meet/meetings/${String(peerId)}/position`,
          headers: a.headers,
          ...(fix !== undefined && { payload: fix as object }),
        });
        expect(overHttp.statusCode, JSON.stringify({ peerId, fix })).toBeGreaterThanOrEqual(400);
        expect(overSocket, JSON.stringify({ peerId, fix })).toEqual({ ok: false, error: overHttp.json() });
      }
      const codes = (
        await Promise.all(cases.map(({ peerId, fix }) => phoneA.send(b, fix, { peerId: peerId as number })))
      ).map((answer) => (answer.ok ? 'ok' : answer.error.code));
      expect(codes).toEqual([
        'VALIDATION_ERROR',
        'VALIDATION_ERROR',
        'VALIDATION_ERROR',
        'VALIDATION_ERROR',
        'VALIDATION_ERROR',
        'VALIDATION_ERROR',
        'SELF_ACTION_NOT_ALLOWED',
        'NOT_FOUND',
      ]);
      const [first] = cases;
      const answer = await phoneA.send(b, first!.fix);
      expect(answer).toMatchObject({
        ok: false,
        error: {
          statusCode: 400,
          code: 'VALIDATION_ERROR',
          fields: [{ path: 'lat', key: expect.stringMatching(/^msg\./), message: expect.any(String) }],
        },
      });
      expect(await record(a, b)).toBeNull();
    },
  );

  it.skipIf(redis && !redisUrl)(
    'refuses a blocked peer (and drops the pair’s state), an ended session and a blocked account',
    async () => {
      const [a, b] = [await user(), await user()];
      const [phoneA, phoneB] = [await phone(t.app, a), await phone(t.app, b)];
      expect(await phoneA.send(b, fixAt(1_000))).toMatchObject({ ok: true });
      expect(await phoneB.send(a, fixAt(1_000, 0, 1))).toMatchObject({ ok: true });
      expect(await record(a, b)).not.toBeNull();

      // A block written by whatever code: the next fix, already checked and remembered, is refused.
      await t.database.db.insert(chatBlocks).values({ blockerId: b.id, blockedId: a.id });
      const blocked = await phoneA.send(b, fixAt(6_000));
      expect(blocked).toMatchObject({ ok: false, error: { statusCode: 403, code: 'USER_BLOCKED' } });
      expect(await record(a, b)).toBeNull();
      expect(await phoneB.send(a, fixAt(6_000, 0, 1))).toMatchObject({ ok: false, error: { code: 'USER_BLOCKED' } });
      await t.database.db.delete(chatBlocks).where(eq(chatBlocks.blockerId, b.id));
      expect(await phoneA.send(b, fixAt(11_000))).toMatchObject({ ok: true });

      // A session ended while its socket is still open (the socket closes a moment later in
      // production): the fix is refused by the session check itself, as a request would be.
      const [session] = await t.database.db.select().from(sessions).where(eq(sessions.userId, a.id));
      await t.database.db
        .update(sessions)
        .set({ endedAt: new Date(), endedReason: 'ended' })
        .where(eq(sessions.id, session!.id));
      // As decision 033's tests do after writing session rows behind the service.
      await t.services.sessionCache.forget({ all: true });
      const before = await record(a, b);
      const ended = await phoneA.send(b, fixAt(16_000, 0, 30));
      expect(ended).toMatchObject({ ok: false, error: { statusCode: 401, code: 'SESSION_ENDED' } });
      expect(await record(a, b)).toEqual(before);

      // An account blocked by staff: its sessions end, its sockets close, and its peers' fixes are
      // refused at once (the peer is gone for meeting purposes), as over HTTP.
      const admin = await kitUser(t.app, t.database);
      await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
      await t.services.sessionCache.forget({ all: true });
      const closed = new Promise<string>((resolve) => phoneB.socket.once('disconnect', resolve));
      const block = await api(t.app, 'POST', `/control/people/${b.id}/block`, admin, { reason: 'spam' });
      expect(block.status, JSON.stringify(block.body)).toBeLessThan(300);
      expect(await closed).toBe('io server disconnect');
      const c = await user();
      const phoneC = await phone(t.app, c);
      expect(await phoneC.send(b, fixAt(1_000))).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
      expect((await api<ErrorBody>(t.app, 'POST', `/meet/meetings/${b.id}/position`, c, fixAt(2_000))).body.code).toBe(
        'NOT_FOUND',
      );
    },
  );
});

describe('a socket’s fixes are rate-limited as requests are', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_MAX: '5', RATE_LIMIT_WINDOW_SECONDS: '60' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t?.close());

  it('counts them with the address’s requests on one counter and refuses past RATE_LIMIT_MAX, as the route', async () => {
    const [a, b] = [await kitUser(t.app, t.database), await kitUser(t.app, t.database)];
    const phoneA = await phone(t.app, a);
    const overHttp = (at: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/meet/meetings/${b.id}/position`,
        headers: a.headers,
        payload: fixAt(at),
        // The socket's address: both count on the same key.
        remoteAddress: '127.0.0.1',
      });
    // Five calls from 127.0.0.1 in the window, whichever way they came.
    for (const at of [5_000, 10_000, 15_000]) expect(await phoneA.send(b, fixAt(at))).toMatchObject({ ok: true });
    for (const at of [20_000, 25_000]) expect((await overHttp(at)).statusCode).toBe(200);
    const before = await t.services.meetings.store.get<PairRecord>(pairKey(pairOf(a.id, b.id)), t.services.clock.now());
    const refused = await phoneA.send(b, fixAt(30_000));
    expect(refused).toMatchObject({
      ok: false,
      error: { statusCode: 429, code: 'RATE_LIMITED', retryAfter: expect.any(Number) },
    });
    // The route answers the same body, and another socket from the address is no way round it.
    const http = await overHttp(35_000);
    expect(http.statusCode).toBe(429);
    expect(refused).toEqual({ ok: false, error: { ...http.json(), retryAfter: expect.any(Number) } });
    const again = await phone(t.app, a);
    expect(await again.send(b, fixAt(40_000))).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED' } });
    // Nothing a refused fix carried reached detection.
    expect(
      await t.services.meetings.store.get<PairRecord>(pairKey(pairOf(a.id, b.id)), t.services.clock.now()),
    ).toEqual(before);
  });
});

/**
 * Two API processes of one deployment (one database, one Redis), as session-cache-cluster.test.ts
 * builds them: on PostgreSQL each with its own pool, so only Redis tells one of the other's writes.
 */
describe.skipIf(!redisUrl)('two API processes sharing Redis', () => {
  let cluster: Awaited<ReturnType<typeof startApiProcesses>> | undefined;
  let database: Database;
  let apps: { app: FastifyInstance; services: AppServices }[] = [];
  const config = testConfig({
    CLOCK_CONTROL: 'true',
    RATE_LIMIT_MAX: '1000000',
    RATE_LIMIT_AUTH_MAX: '10000',
    // Nothing expires from the caches during the test: only the invalidation can empty them.
    SESSION_CACHE_SECONDS: '300',
  });

  beforeAll(async () => {
    cluster = await startApiProcesses(config, { count: 2, redisUrl, listen: true, prepare: numberUsersApart });
    ({ database, processes: apps } = cluster);
  });
  afterAll(() => cluster?.close());

  const advance = (ms: number) => apps.forEach(({ services }) => services.clock.advance(ms));

  it('find a meeting whose two phones are on different processes, once, and tell both', async () => {
    const [A, B] = [apps[0]!, apps[1]!];
    const [anna, boris] = [await kitUser(A.app, database), await kitUser(A.app, database)];
    const [phoneA, phoneB] = [await phone(A.app, anna), await phone(B.app, boris)];
    const fixes = walkingTogether(11).fixes;
    let previous = fixes[0]!.timestamp;
    const last: Record<'a' | 'b', MeetingProgress | undefined> = { a: undefined, b: undefined };
    for (const fix of fixes) {
      advance(Math.max(0, fix.timestamp - previous));
      previous = Math.max(previous, fix.timestamp);
      const alice = fix.userId === ALICE;
      const answer = await (alice ? phoneA : phoneB).send(alice ? boris : anna, body(fix));
      if (!answer.ok) throw new Error(`refused: ${JSON.stringify(answer.error)}`);
      last[alice ? 'a' : 'b'] = answer.progress;
    }
    expect([last.a!.status, last.b!.status]).toContain('met');
    expect(await meetingRows(database, anna, boris)).toHaveLength(1);
    // Each phone hears the pushes of the other process too.
    for (const [heard, peer] of [
      [phoneA.heard, boris],
      [phoneB.heard, anna],
    ] as const) {
      await until(() => updatesOf(heard).at(-1)?.view.progress.status === 'met', 5_000, 'the met push');
      expect(updatesOf(heard).every((u) => u.peerId === peer.id)).toBe(true);
      await until(() => heard.some((e) => e.event === 'notification'), 5_000, 'the notification');
    }
    // Both processes read the same state: the pair rests, no position kept.
    for (const { services } of apps) {
      const state = await services.meetings.store.get<PairRecord>(
        pairKey(pairOf(anna.id, boris.id)),
        services.clock.now(),
      );
      expect(state!.state.metAt).not.toBeNull();
      expect(state!.state.fixes).toEqual([null, null]);
    }
  });

  it('refuse the next fix on one process once a block was written through the other', async () => {
    const [A, B] = [apps[0]!, apps[1]!];
    const [vera, gleb] = [await kitUser(A.app, database), await kitUser(A.app, database)];
    const phoneG = await phone(B.app, gleb);
    // B checked the pair and remembers it.
    expect(await phoneG.send(vera, fixAt(1_000))).toMatchObject({ ok: true });
    expect(await phoneG.send(vera, fixAt(6_000))).toMatchObject({ ok: true });
    // Written through A's database client: B hears it only through Redis (on PostgreSQL).
    await database.db.insert(chatBlocks).values({ blockerId: vera.id, blockedId: gleb.id });
    expect(await phoneG.send(vera, fixAt(11_000))).toMatchObject({ ok: false, error: { code: 'USER_BLOCKED' } });
  });

  it('refuse the next fix on one process once the peer was deleted through the other', async () => {
    const [A, B] = [apps[0]!, apps[1]!];
    const [zoya, ivan] = [await kitUser(A.app, database), await kitUser(A.app, database)];
    const phoneZ = await phone(B.app, zoya);
    expect(await phoneZ.send(ivan, fixAt(1_000))).toMatchObject({ ok: true });
    expect(await phoneZ.send(ivan, fixAt(6_000))).toMatchObject({ ok: true });
    // Deleted by whatever code on A's database client: B's remembered check is gone before this resolves.
    await database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, ivan.id));
    expect(await phoneZ.send(ivan, fixAt(11_000))).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });

  it('push a restriction raised on one process in the next view the other process draws from kept rows', async () => {
    const [A, B] = [apps[0]!, apps[1]!];
    const [rita, yan] = [await kitUser(A.app, database), await kitUser(A.app, database)];
    const [phoneR, phoneY] = [await phone(B.app, rita), await phone(B.app, yan)];
    const round = async (at: number) => {
      expect(await phoneR.send(yan, fixAt(at))).toMatchObject({ ok: true });
      expect(await phoneY.send(rita, fixAt(at, 0, 1))).toMatchObject({ ok: true });
      advance(5_000);
    };
    // Together for a while: B drew the pushes and keeps the pair's rows.
    for (let i = 0; i < 4; i++) await round(1_000 + i * 5_000);
    await until(() => updatesOf(phoneR.heard).length > 0, 5_000, 'a push');
    expect(updatesOf(phoneR.heard).at(-1)!.view.restriction).toBeNull();
    // A second account on Rita's device, seen by A: both accounts restricted (device protection).
    const other = await kitUser(A.app, database);
    await A.services.meetings.devices.record(rita.id, 'fp-shared-by-two');
    await A.services.meetings.devices.record(other.id, 'fp-shared-by-two');
    // The next pushes B draws (a whole minute together) carry it without B reading the rows again.
    const heard = updatesOf(phoneR.heard).length;
    for (let i = 4; i < 20; i++) await round(1_000 + i * 5_000);
    await until(() => updatesOf(phoneR.heard).length > heard, 5_000, 'a push after the restriction');
    expect(updatesOf(phoneR.heard).at(-1)!.view.restriction).toMatchObject({ reason: 'shared_device' });
  });

  it('refuse a session ended on the other process at once', async () => {
    const [A, B] = [apps[0]!, apps[1]!];
    const [olga, petr] = [await kitUser(A.app, database), await kitUser(A.app, database)];
    const phoneO = await phone(B.app, olga);
    expect(await phoneO.send(petr, fixAt(1_000))).toMatchObject({ ok: true });
    // Logged out through A: B's cache drops the row before the logout answers, and B closes the socket.
    const closed = new Promise<string>((resolve) => phoneO.socket.once('disconnect', resolve));
    expect((await A.app.inject({ method: 'POST', url: '/api/user/logout', headers: olga.headers })).statusCode).toBe(
      200,
    );
    expect(await closed).toBe('io server disconnect');
    const overHttp = await B.app.inject({
      method: 'POST',
      url: `/api/meet/meetings/${petr.id}/position`,
      headers: olga.headers,
      payload: fixAt(2_000),
    });
    expect(overHttp.json().code).toBe('SESSION_ENDED');
  });
});
