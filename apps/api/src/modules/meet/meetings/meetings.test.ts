import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { and, eq } from 'drizzle-orm';
import {
  HEADERS,
  NFT_TYPE,
  RESTRICTION_IMPOSSIBLE_MOVEMENT_HOURS,
  RESTRICTION_SHARED_DEVICE_HOURS,
} from '@app/shared/constants';
import type { MeetingProgress, MeetingView, MintChances } from '@app/shared/schemas/meet';
import type { ClientToServerEvents, ServerToClientEvents } from '@app/shared/socket-events';
import type { ErrorBody } from '@app/shared/errors';
import { createTestApp, type TestApp } from '../../../../test/app';
import { testRedisUrl } from '../../../../test/services';
import { chatBlocks, meetings, mintRestrictions } from '../../../db/schema';
import { offsetMeters } from '../detector/geo';
import { MINUTE, ORIGIN, passingBy, SECOND, walkingTogether } from '../../../../test/kits/detector-tracks';
import { PAIR_IDLE_TTL_MS, type PairRecord } from './ingest';
import { api, giveToken, kitUser, playTrack, recordMeeting, view, type KitUser } from '../../../../test/kits/meetings';
import { pairKey, pairOf } from './pair';

/**
 * Meetings through the HTTP API on the real database: recorded tracks played with the server's
 * clock, QR confirmation, device protection and the live pushes. The whole suite runs with the
 * detection state in process and, when Redis answers, on Redis.
 */

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
const HOUR = 60 * MINUTE;
const redisUrl = await testRedisUrl();
/** The server's clock runs on in real time between two calls: equal within a few seconds. */
const expectNear = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThan(5 * SECOND);

const variants = [
  { name: 'in process', redis: false },
  { name: 'on Redis', redis: true },
] as const;

describe.each(variants)('meetings ($name)', ({ redis }) => {
  let t: TestApp;
  let url: string;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    if (redis && !redisUrl) return;
    t = await createTestApp({
      env: {
        CLOCK_CONTROL: 'true',
        RATE_LIMIT_MAX: '1000000',
        RATE_LIMIT_AUTH_MAX: '10000',
        PUBLIC_URL: 'https://meet.example',
      },
      ...(redis && { redisUrl }),
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    url = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await t?.close();
  });

  const user = (fingerprint?: string) => kitUser(t.app, t.database, fingerprint);
  const record = (a: KitUser, b: KitUser) =>
    t.services.meetings.store.get<PairRecord>(pairKey(pairOf(a.id, b.id)), t.services.clock.now());
  const fix = (at: number, north = 0, east = 0, accuracy = 5) => ({
    ...offsetMeters(ORIGIN, north, east),
    accuracy,
    at,
  });

  async function online(who: KitUser) {
    const socket: ClientSocket = connect(url, {
      path: '/socket.io',
      reconnection: false,
      forceNew: true,
      transports: ['websocket'],
      auth: { accessKey: who.token },
    });
    sockets.push(socket);
    await new Promise((resolve) => socket.once('session:ready', resolve));
    const events: { event: string; payload: unknown }[] = [];
    socket.onAny((event: string, payload: unknown) => events.push({ event, payload }));
    return events;
  }

  describe.skipIf(redis && !redisUrl)('detection', () => {
    it('finds a 20-minute walk together, once, tells both, and keeps no position afterwards', async () => {
      const [a, b] = [await user(), await user()];
      const [eventsA, eventsB] = [await online(a), await online(b)];
      const played = await playTrack(t, walkingTogether(7).fixes, a, b);
      expect(new Set(played.statuses)).toEqual(new Set([200]));
      expect(played.a!.status).toBe('met');

      const pair = pairOf(a.id, b.id);
      const rows = await t.database.db
        .select()
        .from(meetings)
        .where(and(eq(meetings.userLowId, pair.low), eq(meetings.userHighId, pair.high)));
      expect(rows).toHaveLength(1);
      const seen = await view(t.app, a, b);
      expect(seen.progress).toMatchObject({
        status: 'met',
        minutesTogether: 20,
        requiredMinutes: 20,
        metAt: rows[0]!.metAt.toISOString(),
      });
      expect(seen.peerPresent).toBe(true);
      expect(seen.requirements.find((r) => r.key === 'met')).toEqual({ key: 'met', met: true, reason: null });

      // The detector's working state holds no position once the meeting is found.
      const state = await record(a, b);
      expect(state!.state.fixes).toEqual([null, null]);
      expect(state!.movement).toEqual([null, null]);

      await new Promise((r) => setTimeout(r, 200));
      for (const [events, peer] of [
        [eventsA, b],
        [eventsB, a],
      ] as const) {
        const updates = events
          .filter((e) => e.event === 'meeting:update')
          .map((e) => e.payload as { peerId: number; view: MeetingView });
        expect(updates.length).toBeGreaterThan(5);
        // Throttled: about one per minute of progress, not one per fix (300 fixes each).
        expect(updates.length).toBeLessThan(60);
        expect(updates.every((u) => u.peerId === peer.id)).toBe(true);
        expect(updates.at(-1)!.view.progress.status).toBe('met');
        const minutes = updates.map((u) => u.view.progress.minutesTogether);
        expect(minutes).toContain(10);
        const found = events
          .filter((e) => e.event === 'notification')
          .map((e) => e.payload as { text: string; values: Record<string, string> });
        expect(found).toEqual([
          expect.objectContaining({ text: 'notifications.meetingFound', values: { name: peer.domain } }),
        ]);
      }
      // Nothing about positions or distance is ever in what the users get.
      expect(JSON.stringify(seen)).not.toMatch(/lat|lng|distance/i);
    });

    it('does not count strangers passing by', async () => {
      const [a, b] = [await user(), await user()];
      const passing = await playTrack(t, passingBy(3).fixes, a, b);
      expect(passing.a!.status).not.toBe('met');
      const pair = pairOf(a.id, b.id);
      expect(
        await t.database.db
          .select()
          .from(meetings)
          .where(and(eq(meetings.userLowId, pair.low), eq(meetings.userHighId, pair.high))),
      ).toEqual([]);
      const seen = await view(t.app, a, b);
      expect(seen.progress.minutesTogether).toBeLessThan(20);
      expect(seen.requirements.find((r) => r.key === 'met')).toMatchObject({
        met: false,
        reason: 'meeting.requirements.met.notYet',
      });
    });

    it('forgets a pair that went quiet: positions and progress', async () => {
      const [a, b] = [await user(), await user()];
      const start = t.services.clock.now();
      // Each phone every 5 s, the two 2.5 s apart, for two minutes.
      for (let i = 0; i < 48; i++) {
        t.services.clock.advance(2.5 * SECOND);
        const from = i % 2 ? a : b;
        const to = from === a ? b : a;
        await api(
          t.app,
          'POST',
          `/meet/meetings/${to.id}/position`,
          from,
          fix(start + i * 2.5 * SECOND, 0, from === a ? 0 : 1),
        );
      }
      expect((await view(t.app, a, b)).progress).toMatchObject({ status: 'together', minutesTogether: 1 });
      expect((await view(t.app, a, b)).peerPresent).toBe(true);
      expect((await record(a, b))!.state.fixes.some((f) => f !== null)).toBe(true);
      t.services.clock.advance(PAIR_IDLE_TTL_MS + SECOND);
      expect(await record(a, b)).toBeNull();
      expect((await view(t.app, a, b)).progress).toMatchObject({ status: 'idle', minutesTogether: 0, progressMs: 0 });
    });

    it('orders a device’s fixes by its own clock: repeats and late deliveries change nothing', async () => {
      const [a, b] = [await user(), await user()];
      const at = 5_000_000;
      t.services.clock.advance(SECOND);
      await api(t.app, 'POST', `/meet/meetings/${b.id}/position`, a, fix(at));
      t.services.clock.advance(SECOND);
      await api(t.app, 'POST', `/meet/meetings/${a.id}/position`, b, fix(at + 123_456, 0, 1));
      const before = await record(a, b);
      t.services.clock.advance(SECOND);
      // The same fix again, and one taken before it.
      await api(t.app, 'POST', `/meet/meetings/${b.id}/position`, a, fix(at));
      await api(t.app, 'POST', `/meet/meetings/${b.id}/position`, a, fix(at - 1000, 0, 50));
      // Taken 5 s after the first but delivered 20 s late.
      t.services.clock.advance(20 * SECOND);
      await api(t.app, 'POST', `/meet/meetings/${b.id}/position`, a, fix(at + 5000, 0, 50));
      expect((await record(a, b))!.state).toEqual(before!.state);
    });

    it('refuses oneself, unknown users, bad fixes, and a blocked pair (whose state is dropped)', async () => {
      const [a, b] = [await user(), await user()];
      expect((await api<ErrorBody>(t.app, 'POST', `/meet/meetings/${a.id}/position`, a, fix(1))).body.code).toBe(
        'SELF_ACTION_NOT_ALLOWED',
      );
      expect((await api<ErrorBody>(t.app, 'GET', '/meet/meetings/99999999', a)).status).toBe(404);
      const bad = await api<ErrorBody>(t.app, 'POST', `/meet/meetings/${b.id}/position`, a, {
        lat: 91,
        lng: 0,
        accuracy: 5,
        at: 1,
      });
      expect(bad).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
      expect((await api<ErrorBody>(t.app, 'GET', `/meet/meetings/${b.id}`, null)).status).toBe(401);

      await api(t.app, 'POST', `/meet/meetings/${b.id}/position`, a, fix(1_000));
      expect(await record(a, b)).not.toBeNull();
      await t.database.db.insert(chatBlocks).values({ blockerId: b.id, blockedId: a.id });
      const blocked = await api<ErrorBody>(t.app, 'POST', `/meet/meetings/${b.id}/position`, a, fix(2_000));
      expect(blocked).toMatchObject({ status: 403, body: { code: 'USER_BLOCKED' } });
      expect(await record(a, b)).toBeNull();
      expect((await api<ErrorBody>(t.app, 'GET', `/meet/meetings/${a.id}`, b)).body.code).toBe('USER_BLOCKED');
    });
  });

  describe.skipIf(redis && !redisUrl)('confirmation by code', () => {
    it('accepts the peer’s current code and the one just before it, refuses wrong and expired codes', async () => {
      const [a, b] = [await user(), await user()];
      const early = await api<ErrorBody>(t.app, 'POST', `/meet/meetings/${a.id}/confirm`, b, {
        code: (await view(t.app, a, b)).myCode.code,
      });
      expect(early).toMatchObject({ status: 409, body: { code: 'MINT_NOT_ALLOWED' } });

      await recordMeeting(t.services, a, b, []);
      const shown = (await view(t.app, a, b)).myCode;
      expect(shown.code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/);
      expect(shown.qr).toBe(`https://meet.example/meet/${a.id}?code=${shown.code}`);
      expect(Date.parse(shown.expiresAt)).toBeGreaterThan(t.services.clock.now());
      expect(Date.parse(shown.expiresAt)).toBeLessThanOrEqual(t.services.clock.now() + 30 * SECOND);

      // Wrong codes: made up, the scanner's own, shown to someone else. Nothing changes.
      const c = await user();
      const confirm = (who: KitUser, peer: KitUser, code: string) =>
        api<MeetingView & ErrorBody>(t.app, 'POST', `/meet/meetings/${peer.id}/confirm`, who, { code });
      for (const wrong of ['222222', (await view(t.app, b, a)).myCode.code, (await view(t.app, a, c)).myCode.code]) {
        expect(await confirm(b, a, wrong)).toMatchObject({ status: 400, body: { code: 'MEETING_CODE_INVALID' } });
      }
      expect((await confirm(b, a, 'abc')).body.code).toBe('VALIDATION_ERROR');
      expect((await view(t.app, a, b)).confirmedByPeer).toBe(false);

      // Typed in lower case a little after it rotated: still fine.
      t.services.clock.advance(Date.parse(shown.expiresAt) - t.services.clock.now() + SECOND);
      const ok = await confirm(b, a, shown.code.toLowerCase());
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ confirmedByMe: true, confirmedByPeer: false });
      expect(ok.body.requirements.find((r) => r.key === 'confirmed')).toMatchObject({
        met: false,
        reason: 'meeting.requirements.confirmed.peer',
      });
      expect(await view(t.app, a, b)).toMatchObject({ confirmedByMe: false, confirmedByPeer: true });

      // A code two windows old has expired.
      const old = (await view(t.app, b, a)).myCode.code;
      t.services.clock.advance(61 * SECOND);
      expect((await confirm(a, b, old)).body.code).toBe('MEETING_CODE_INVALID');
      expect((await view(t.app, a, b)).confirmedByMe).toBe(false);
      const fresh = (await view(t.app, b, a)).myCode.code;
      expect((await confirm(a, b, fresh)).body).toMatchObject({ confirmedByMe: true, confirmedByPeer: true });
      expect((await view(t.app, a, b)).requirements.find((r) => r.key === 'confirmed')).toMatchObject({ met: true });
    });
  });

  describe.skipIf(redis && !redisUrl)('device protection', () => {
    it('ignores and flags impossible movement, once per cooldown, and shows the time left', async () => {
      const [a, b] = [await user(), await user()];
      const start = 9_000_000;
      t.services.clock.advance(SECOND);
      await api(t.app, 'POST', `/meet/meetings/${b.id}/position`, a, fix(start));
      await api(t.app, 'POST', `/meet/meetings/${a.id}/position`, b, fix(start, 0, 1));
      const before = await record(a, b);
      // 50 km five seconds later, twice.
      for (const n of [1, 2]) {
        t.services.clock.advance(5 * SECOND);
        await api(t.app, 'POST', `/meet/meetings/${b.id}/position`, a, fix(start + n * 5 * SECOND, 50_000, 0));
      }
      expect((await record(a, b))!.state).toEqual(before!.state);
      const flags = await t.database.db.select().from(mintRestrictions).where(eq(mintRestrictions.userId, a.id));
      expect(flags).toEqual([expect.objectContaining({ reason: 'impossible_movement' })]);

      const seen = await view(t.app, a, b);
      expect(seen.restriction).toMatchObject({ reason: 'impossible_movement' });
      expect(seen.restriction!.remainingMs).toBeGreaterThan(RESTRICTION_IMPOSSIBLE_MOVEMENT_HOURS * HOUR - MINUTE);
      expect(seen.requirements.find((r) => r.key === 'notRestricted')).toMatchObject({
        met: false,
        reason: 'meeting.requirements.notRestricted.you',
        values: { reason: 'impossible_movement', hours: RESTRICTION_IMPOSSIBLE_MOVEMENT_HOURS },
      });
      expect((await view(t.app, b, a)).requirements.find((r) => r.key === 'notRestricted')).toMatchObject({
        met: false,
        reason: 'meeting.requirements.notRestricted.peer',
      });
      expect((await view(t.app, b, a)).restriction).toBeNull();

      t.services.clock.advance(10 * HOUR);
      const later = await view(t.app, a, b);
      expect(later.restriction!.remainingMs).toBeLessThanOrEqual((RESTRICTION_IMPOSSIBLE_MOVEMENT_HOURS - 10) * HOUR);
      expect(later.requirements.find((r) => r.key === 'notRestricted')!.values).toMatchObject({
        hours: RESTRICTION_IMPOSSIBLE_MOVEMENT_HOURS - 10,
      });
      t.services.clock.advance((RESTRICTION_IMPOSSIBLE_MOVEMENT_HOURS - 10) * HOUR);
      expect((await view(t.app, a, b)).restriction).toBeNull();
    });

    it('restricts every account of a device used by too many, once per new account', async () => {
      const device = `fp-shared-${Date.now()}`;
      const [a, b] = [await user(device), await user()];
      for (let i = 0; i < 3; i++) await view(t.app, a, b);
      expect((await view(t.app, a, b)).restriction).toBeNull();

      const second = await user(device);
      const seen = await view(t.app, second, a);
      expect(seen.restriction).toMatchObject({ reason: 'shared_device' });
      expectNear(seen.restriction!.remainingMs, RESTRICTION_SHARED_DEVICE_HOURS * HOUR);
      expect((await view(t.app, a, b)).restriction).toMatchObject({ reason: 'shared_device' });
      for (let i = 0; i < 3; i++) await view(t.app, second, a);
      const rows = async (id: number) =>
        (await t.database.db.select().from(mintRestrictions).where(eq(mintRestrictions.userId, id))).length;
      expect([await rows(a.id), await rows(second.id), await rows(b.id)]).toEqual([1, 1, 0]);

      // A third account on it: everyone's 72 h start again.
      t.services.clock.advance(30 * HOUR);
      expectNear((await view(t.app, a, b)).restriction!.remainingMs, (RESTRICTION_SHARED_DEVICE_HOURS - 30) * HOUR);
      const third = await user(device);
      await view(t.app, third, b);
      expectNear((await view(t.app, a, b)).restriction!.remainingMs, RESTRICTION_SHARED_DEVICE_HOURS * HOUR);
      expect([await rows(a.id), await rows(second.id), await rows(third.id)]).toEqual([2, 2, 1]);
      t.services.clock.advance(RESTRICTION_SHARED_DEVICE_HOURS * HOUR);
      expect((await view(t.app, a, b)).restriction).toBeNull();
    });

    it('counts accounts without a fingerprint, or with one no browser makes, on one suspicious device', async () => {
      const withoutHeader = async (fingerprint?: string) => {
        const kit = await user();
        const headers: Record<string, string> = { authorization: kit.headers.authorization! };
        if (fingerprint !== undefined) headers[HEADERS.fingerprint] = fingerprint;
        return { ...kit, headers };
      };
      const peer = await user();
      const [first, second, junk] = [await withoutHeader(), await withoutHeader(), await withoutHeader('x')];
      await view(t.app, first, peer);
      const seen = await view(t.app, second, peer);
      expect(seen.restriction).toMatchObject({ reason: 'shared_device' });
      expect((await view(t.app, first, peer)).restriction).toMatchObject({ reason: 'shared_device' });
      expect((await view(t.app, junk, peer)).restriction).toMatchObject({ reason: 'shared_device' });
      // The person on a device of their own is not touched by the bucket.
      expect((await view(t.app, peer, first)).restriction).toBeNull();
      t.services.clock.advance(RESTRICTION_SHARED_DEVICE_HOURS * HOUR);
    });
  });

  describe.skipIf(redis && !redisUrl)('the screen', () => {
    it('shows the peer card, the level a mint would be of, and why each requirement is unmet', async () => {
      const [a, b] = [await user(), await user()];
      const empty = await view(t.app, a, b);
      expect(empty.peer).toMatchObject({
        id: b.id,
        domain: b.domain,
        firstName: 'Mia',
        avatar: null,
        levels: [],
        verified: false,
      });
      expect(empty).toMatchObject({
        mintLevel: null,
        mintChance: null,
        canMint: false,
        lastMint: null,
        confirmedByMe: false,
        confirmedByPeer: false,
        peerPresent: false,
      });
      expect(Object.fromEntries(empty.requirements.map((r) => [r.key, r.reason]))).toEqual({
        met: 'meeting.requirements.met.notYet',
        confirmed: 'meeting.requirements.confirmed.meetFirst',
        sameLevel: 'meeting.requirements.sameLevel.youHaveNone',
        heldLongEnough: 'meeting.requirements.heldLongEnough.noLevel',
        kyc: 'meeting.requirements.kyc.noLevel',
        pairNotMinted: null,
        notRestricted: null,
      });
      await giveToken(t.services, b.id, NFT_TYPE.SILVER, 30 * HOUR);
      await giveToken(t.services, b.id, NFT_TYPE.ICON, 30 * HOUR);
      await giveToken(t.services, a.id, NFT_TYPE.SILVER, 2 * HOUR);
      await recordMeeting(t.services, a, b);
      const silver = await view(t.app, a, b);
      expect(silver.peer.levels).toEqual(['SILVER', 'ICON']);
      expect(silver).toMatchObject({
        mintLevel: 'SILVER',
        mintChance: 0.5,
        canMint: false,
        confirmedByMe: true,
        confirmedByPeer: true,
      });
      expect(silver.progress.status).toBe('met');
      expect(silver.requirements.filter((r) => !r.met)).toEqual([
        {
          key: 'heldLongEnough',
          met: false,
          reason: 'meeting.requirements.heldLongEnough.you',
          values: expect.objectContaining({ level: 'SILVER', hours: 22, required: 24 }),
        },
      ]);
      t.services.clock.advance(22 * HOUR);
      expect((await view(t.app, a, b)).canMint).toBe(true);
    });

    it('publishes the chance of each level', async () => {
      const res = await api<MintChances>(t.app, 'GET', '/meet/meetings/chances', null);
      expect(res.body.levels).toEqual([
        { level: 'SILVER', chance: 0.5 },
        { level: 'GOLD', chance: 0.5 },
        { level: 'PLATINUM', chance: 0.5 },
      ]);
    });

    it('moves the clock only through the dev route', async () => {
      const before = (await api<{ now: number }>(t.app, 'GET', '/dev/clock', null)).body.now;
      const moved = await api<{ now: number }>(t.app, 'POST', '/dev/clock', null, { advanceMs: HOUR });
      expect(moved.body.now).toBeGreaterThanOrEqual(before + HOUR);
      expect((await api<ErrorBody>(t.app, 'POST', '/dev/clock', null, { advanceMs: -1 })).status).toBe(400);
    });
  });
});

describe('without CLOCK_CONTROL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('has no clock route, and the meeting routes work without a chain', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/dev/clock', payload: { advanceMs: 1000 } })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/dev/clock' })).statusCode).toBe(404);
    const [a, b] = [await kitUser(t.app, t.database), await kitUser(t.app, t.database)];
    const res = await api<MeetingProgress>(t.app, 'POST', `/meet/meetings/${b.id}/position`, a, {
      ...ORIGIN,
      accuracy: 5,
      at: 1,
    });
    expect(res).toMatchObject({ status: 200, body: { status: 'idle', minutesTogether: 0 } });
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: '/api/crypto/nft/mint',
          headers: a.headers,
          payload: { userId: b.id },
        })
      ).statusCode,
    ).toBe(404);
  });
});
