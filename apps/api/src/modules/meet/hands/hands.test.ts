import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { NFT_TYPE } from '@app/shared/constants';
import type { ErrorBody } from '@app/shared/errors';
import type { HandCard, MyHandState, NearbyList } from '@app/shared/schemas/meet';
import { buildApp } from '../../../app';
import { chatBlocks, hands, mintRestrictions, nfts, users } from '../../../db/schema';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../../../../test/app';
import { testRedisUrl } from '../../../../test/services';
import { distanceMeters } from '../nearby/geo';
import { adult, away, call, leaks, MOSCOW, nearbyUrl, raise, type TestUser } from '../../../../test/kits/hands';

/**
 * The raised-hands API over HTTP, on the in-process index and on Redis GEO: raise, change, lower,
 * expiry, ghost mode, filters, blocks, the profile and age gates, bad input, impossible movement,
 * and a restart that loses no hand.
 */

const HOUR = 3_600_000;
const redisUrl = await testRedisUrl();
const backends = [{ name: 'in process' }, ...(redisUrl ? [{ name: 'Redis GEO', redisUrl }] : [])];

describe.each(backends)('raised hands ($name)', (backend) => {
  let t: TestApp;
  let tokenId = 1;
  // Each test works in its own town, so hands of one test never appear in another's lists.
  const town = () => away(MOSCOW, (tokenId++ * 47) % 360, 200_000 + tokenId * 60_000);

  beforeAll(async () => {
    t = await createTestApp({
      env: { CLOCK_CONTROL: 'true', RATE_LIMIT_MAX: '100000' },
      ...('redisUrl' in backend && { redisUrl: backend.redisUrl }),
    });
  });
  afterAll(async () => {
    if ('redisUrl' in backend) {
      const redis = new Redis(backend.redisUrl!);
      await redis.del(
        `${t.services.meetHands.hands.keyPrefix}:nearby:geo`,
        `${t.services.meetHands.hands.keyPrefix}:nearby:last`,
      );
      await redis.quit();
    }
    await t?.close();
  });

  const user = (values: Parameters<typeof adult>[2] = {}) => adult(t.app, t.database, values);
  const nearby = async (
    who: TestUser,
    at: { lat: number; lng: number },
    params: Record<string, string | number> = {},
  ) => {
    const res = await call<NearbyList>(t.app, 'GET', nearbyUrl(at, params), who);
    expect(res.status).toBe(200);
    return res.body.items;
  };
  const ids = (items: HandCard[]) => items.map((item) => item.userId);
  const storedHand = async (userId: number) =>
    (await t.database.db.select().from(hands).where(eq(hands.userId, userId)))[0];

  it('raises a hand others see as a card, never at its exact position; the owner sees their own', async () => {
    const here = town();
    const anna = await user({ firstName: 'Anna', avatarMediaId: 7 });
    const viewer = await user();
    await t.database.db
      .insert(nfts)
      .values({ id: 900_000 + anna.id, type: NFT_TYPE.GOLD, status: 'OWNED', ownerId: anna.id });
    const at = away(here, 33, 812.345678);
    const now = t.services.clock.now();
    const raised = await raise(t.app, anna, at, { mood: 'romantic', note: '  coffee?  ', durationHours: 3 });
    expect(raised.status).toBe(200);
    const state = raised.body as MyHandState;
    expect(state).toMatchObject({ ghost: false, hand: { mood: 'romantic', note: 'coffee?', durationHours: 3 } });
    expect(Date.parse(state.hand!.expiresAt) - now).toBeGreaterThanOrEqual(3 * HOUR);
    expect(Date.parse(state.hand!.expiresAt) - now).toBeLessThan(3 * HOUR + 60_000);
    expect((await call<MyHandState>(t.app, 'GET', '/hand', anna)).body).toEqual(state);

    const list = await call<NearbyList>(t.app, 'GET', nearbyUrl(here), viewer);
    expect(list.status).toBe(200);
    const card = list.body.items.find((item) => item.userId === anna.id)!;
    expect(card).toMatchObject({
      firstName: 'Anna',
      age: expect.any(Number),
      avatar: '/api/media/avatar/7',
      mood: 'romantic',
      note: 'coffee?',
      levels: ['GOLD'],
      verified: false,
      distance: 'lt1km',
      expiresAt: state.hand!.expiresAt,
    });
    expect(card.age).toBeGreaterThanOrEqual(18);
    expect(card).not.toHaveProperty('email');
    expect(card).not.toHaveProperty('lastName');
    expect(distanceMeters(card.position, at)).toBeLessThan(150);
    const stored = (await storedHand(anna.id))!;
    expect(leaks(list.raw, stored)).toBe(false);
    // The viewer is never in their own list.
    expect(ids(await nearby(anna, here))).not.toContain(anna.id);

    const one = await call<HandCard>(t.app, 'GET', `/hands/${anna.id}?lat=${here.lat}&lng=${here.lng}`, viewer);
    expect(one.body).toEqual(card);
    expect(leaks(one.raw, stored)).toBe(false);
    expect(
      (await call<ErrorBody>(t.app, 'GET', `/hands/${anna.id}?lat=${here.lat}&lng=${here.lng}`, anna)).status,
    ).toBe(404);
  });

  it('changes a raised hand in place: mood and note replaced, the duration counted from now', async () => {
    const here = town();
    const [anna, viewer] = [await user(), await user()];
    const first = (await raise(t.app, anna, here, { mood: 'chat', note: 'hi', durationHours: 1 })).body as MyHandState;
    t.services.clock.advance(10 * 60_000);
    const second = (await raise(t.app, anna, here, { mood: 'business', durationHours: 8 })).body as MyHandState;
    expect(second.hand).toMatchObject({
      mood: 'business',
      note: null,
      durationHours: 8,
      raisedAt: first.hand!.raisedAt,
    });
    expect(Date.parse(second.hand!.expiresAt) - t.services.clock.now()).toBeGreaterThan(8 * HOUR - 60_000);
    const items = (await nearby(viewer, here)).filter((item) => item.userId === anna.id);
    expect(items).toHaveLength(1);
    expect(items[0]!.mood).toBe('business');
  });

  it('lowers a hand at once: row and index entry gone, nobody sees it', async () => {
    const here = town();
    const [anna, viewer] = [await user(), await user()];
    await raise(t.app, anna, here);
    expect(ids(await nearby(viewer, here))).toContain(anna.id);
    const lowered = await call<MyHandState>(t.app, 'DELETE', '/hand', anna);
    expect(lowered).toMatchObject({ status: 200, body: { hand: null, ghost: false } });
    expect(await storedHand(anna.id)).toBeUndefined();
    expect(await t.services.meetHands.hands.index.has(anna.id)).toBe(false);
    expect(ids(await nearby(viewer, here))).not.toContain(anna.id);
    expect((await call(t.app, 'GET', `/hands/${anna.id}?lat=${here.lat}&lng=${here.lng}`, viewer)).status).toBe(404);
    expect((await call<MyHandState>(t.app, 'GET', '/hand', anna)).body.hand).toBeNull();
    // Lowering again is harmless.
    expect((await call(t.app, 'DELETE', '/hand', anna)).status).toBe(200);
  });

  it('drops a hand at its expiry: hidden at once, then swept from the table and the index', async () => {
    const here = town();
    const [anna, viewer] = [await user(), await user()];
    await raise(t.app, anna, here, { durationHours: 1 });
    t.services.clock.advance(HOUR - 60_000);
    expect(ids(await nearby(viewer, here))).toContain(anna.id);
    t.services.clock.advance(60_001);
    // Before any sweep: queries already leave it out.
    expect(ids(await nearby(viewer, here))).not.toContain(anna.id);
    expect((await call(t.app, 'GET', `/hands/${anna.id}?lat=${here.lat}&lng=${here.lng}`, viewer)).status).toBe(404);
    expect((await call<MyHandState>(t.app, 'GET', '/hand', anna)).body.hand).toBeNull();
    await t.services.meetHands.sweep();
    expect(await storedHand(anna.id)).toBeUndefined();
    expect(await t.services.meetHands.hands.index.has(anna.id)).toBe(false);
  });

  it('ghost mode hides the user from everyone at once and shows them again when switched off', async () => {
    const here = town();
    const [anna, viewer] = [await user(), await user()];
    await raise(t.app, anna, here);
    const on = await call<MyHandState>(t.app, 'PUT', '/ghost', anna, { ghost: true });
    expect(on.body).toMatchObject({ ghost: true, hand: { mood: 'chat' } });
    expect(ids(await nearby(viewer, here))).not.toContain(anna.id);
    expect((await call(t.app, 'GET', `/hands/${anna.id}?lat=${here.lat}&lng=${here.lng}`, viewer)).status).toBe(404);
    // A hand raised or moved while a ghost stays hidden.
    await raise(t.app, anna, away(here, 90, 300), { mood: 'business' });
    expect(ids(await nearby(viewer, here))).not.toContain(anna.id);
    const off = await call<MyHandState>(t.app, 'PUT', '/ghost', anna, { ghost: false });
    expect(off.body).toMatchObject({ ghost: false, hand: { mood: 'business' } });
    expect(ids(await nearby(viewer, here))).toContain(anna.id);
    expect((await call(t.app, 'PUT', '/ghost', anna, { ghost: 'yes' })).status).toBe(400);
  });

  it('filters by mood and by level (a token of that level held)', async () => {
    const here = town();
    const viewer = await user();
    const [romantic, business, silver, platinum] = [await user(), await user(), await user(), await user()];
    await raise(t.app, romantic, away(here, 0, 200), { mood: 'romantic' });
    await raise(t.app, business, away(here, 90, 200), { mood: 'business' });
    await raise(t.app, silver, away(here, 180, 200), { mood: 'romantic' });
    await raise(t.app, platinum, away(here, 270, 200), { mood: 'chat' });
    await t.database.db.insert(nfts).values([
      { id: 910_000 + silver.id, type: NFT_TYPE.SILVER, status: 'OWNED', ownerId: silver.id },
      { id: 920_000 + platinum.id, type: NFT_TYPE.PLATINUM, status: 'OWNED', ownerId: platinum.id },
      { id: 930_000 + platinum.id, type: NFT_TYPE.SILVER, status: 'OWNED', ownerId: platinum.id },
    ]);
    const all = [romantic.id, business.id, silver.id, platinum.id].sort();
    expect(ids(await nearby(viewer, here)).sort()).toEqual(all);
    expect(ids(await nearby(viewer, here, { mood: 'romantic' })).sort()).toEqual([romantic.id, silver.id].sort());
    expect(ids(await nearby(viewer, here, { level: 'SILVER' })).sort()).toEqual([silver.id, platinum.id].sort());
    expect(ids(await nearby(viewer, here, { level: 'PLATINUM' }))).toEqual([platinum.id]);
    expect(ids(await nearby(viewer, here, { mood: 'romantic', level: 'SILVER' }))).toEqual([silver.id]);
    expect(await nearby(viewer, here, { level: 'GOLD' })).toEqual([]);
    const card = (await nearby(viewer, here, { level: 'PLATINUM' }))[0]!;
    expect(card.levels).toEqual(['SILVER', 'PLATINUM']);
  });

  it('fills the limit past filtered-out hands and keeps to the radius', async () => {
    const here = town();
    const viewer = await user();
    // Many nearer chat hands (more than the first round asks for), then three romantic ones.
    for (let i = 0; i < 25; i++) await raise(t.app, await user(), away(here, i * 14, 150 + i * 20), { mood: 'chat' });
    const far: number[] = [];
    for (let i = 0; i < 3; i++) {
      const who = await user();
      far.push(who.id);
      await raise(t.app, who, away(here, i * 120, 3_000 + i * 300), { mood: 'romantic' });
    }
    const one = ids(await nearby(viewer, here, { mood: 'romantic', limit: 1 }));
    expect(one).toHaveLength(1);
    expect(far).toContain(one[0]);
    expect(ids(await nearby(viewer, here, { mood: 'romantic', limit: 3 })).sort()).toEqual(far.sort());
    expect(await nearby(viewer, here, { mood: 'romantic', radius: 1_000 })).toEqual([]);
    const five = await nearby(viewer, here, { limit: 5 });
    expect(five).toHaveLength(5);
    expect(five.every((card) => card.mood === 'chat' && card.distance === 'lt500m')).toBe(true);
  });

  it('hides blocked users both ways, and blocked or deleted accounts from everyone', async () => {
    const here = town();
    const [anna, boris, viewer, banned, gone] = [await user(), await user(), await user(), await user(), await user()];
    for (const who of [anna, boris, banned, gone]) await raise(t.app, who, away(here, who.id * 40, 300));
    await t.database.db.insert(chatBlocks).values({ blockerId: anna.id, blockedId: boris.id });
    expect(ids(await nearby(anna, here))).not.toContain(boris.id);
    expect(ids(await nearby(boris, here))).not.toContain(anna.id);
    expect(ids(await nearby(viewer, here))).toEqual(expect.arrayContaining([anna.id, boris.id]));
    expect((await call(t.app, 'GET', `/hands/${anna.id}?lat=${here.lat}&lng=${here.lng}`, boris)).status).toBe(404);
    expect((await call(t.app, 'GET', `/hands/${boris.id}?lat=${here.lat}&lng=${here.lng}`, anna)).status).toBe(404);

    await t.database.db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, banned.id));
    await t.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    const seen = ids(await nearby(viewer, here));
    expect(seen).not.toContain(banned.id);
    expect(seen).not.toContain(gone.id);
    expect((await call(t.app, 'GET', `/hands/${banned.id}?lat=${here.lat}&lng=${here.lng}`, viewer)).status).toBe(404);
  });

  it('refuses an incomplete profile and a minor with a translated error, storing nothing', async () => {
    const here = town();
    const noGender = await user({ gender: null });
    const refused = await raise(t.app, noGender, here);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'PROFILE_INCOMPLETE', message: 'Complete your profile first' });
    const minorBirthday = new Date(t.services.clock.now() - 17 * 365.25 * 24 * HOUR);
    const minor = await user({ birthday: minorBirthday });
    const young = await raise(t.app, minor, here);
    expect(young.status).toBe(403);
    expect(young.body).toMatchObject({ code: 'ADULTS_ONLY', message: 'Meet and play is for adults only' });
    expect(await storedHand(noGender.id)).toBeUndefined();
    expect(await storedHand(minor.id)).toBeUndefined();
    expect(await t.services.meetHands.hands.index.has(minor.id)).toBe(false);
    expect((await call(t.app, 'GET', '/hand', null)).status).toBe(401);
  });

  it('answers bad input with field errors and message keys, changing nothing', async () => {
    const here = town();
    const anna = await user();
    await raise(t.app, anna, here, { mood: 'chat', note: 'first' });
    const before = await storedHand(anna.id);
    const bad = [
      { mood: 'angry', durationHours: 1, position: here },
      { mood: 'chat', durationHours: 2, position: here },
      { mood: 'chat', durationHours: 1, note: 'x'.repeat(141), position: here },
      { mood: 'chat', durationHours: 1, position: { lat: 91, lng: 0 } },
      { mood: 'chat', durationHours: 1, position: { lat: 'north', lng: 0 } },
    ];
    for (const payload of bad) {
      const res = await call<ErrorBody>(t.app, 'PUT', '/hand', anna, payload);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.fields!.length).toBeGreaterThan(0);
      expect(res.body.fields![0]!.key).toMatch(/^msg\./);
      expect(res.body.fields![0]!.message).toBeTruthy();
    }
    expect((await call<ErrorBody>(t.app, 'PUT', '/hand', anna, { mood: 'chat', durationHours: 1 })).body.code).toBe(
      'VALIDATION_ERROR',
    );
    const note = await call<ErrorBody>(t.app, 'PUT', '/hand', anna, bad[2]);
    expect(note.body.fields![0]).toMatchObject({ path: 'note', key: 'msg.invalid-value' });
    expect(await storedHand(anna.id)).toEqual(before);
    for (const url of [
      nearbyUrl(here, { radius: 10 }),
      nearbyUrl(here, { mood: 'sad' }),
      nearbyUrl(here, { level: 'BRONZE' }),
      `/nearby?lat=abc&lng=1`,
      `/hands/x?lat=1&lng=1`,
    ]) {
      expect((await call<ErrorBody>(t.app, 'GET', url, anna)).body.code).toBe('VALIDATION_ERROR');
    }
    expect((await call<ErrorBody>(t.app, 'POST', '/position', anna, { lat: 100, lng: 0 })).body.code).toBe(
      'VALIDATION_ERROR',
    );
    expect(await storedHand(anna.id)).toEqual(before);
  });

  it('moves a raised hand with the device, and ignores and flags a move faster than 300 m/s', async () => {
    const here = town();
    const [anna, viewer] = [await user(), await user()];
    await raise(t.app, anna, here);
    t.services.clock.advance(60_000);
    const step = away(here, 0, 1_000); // 1 km in a minute: a bike
    expect((await call(t.app, 'POST', '/position', anna, { ...step, accuracy: 10 })).body).toEqual({ accepted: true });
    expect(await storedHand(anna.id)).toMatchObject({ lat: step.lat, lng: step.lng });
    const card = (await nearby(viewer, here)).find((item) => item.userId === anna.id)!;
    expect(distanceMeters(card.position, step)).toBeLessThan(150);

    t.services.clock.advance(1_000);
    const jump = away(here, 180, 50_000); // 50 km in a second
    const refused = await call(t.app, 'POST', '/position', anna, { ...jump, accuracy: 10 });
    expect(refused.body).toEqual({ accepted: false });
    expect(await storedHand(anna.id)).toMatchObject({ lat: step.lat, lng: step.lng });
    expect(ids(await nearby(viewer, jump))).not.toContain(anna.id);
    // These test calls send no device fingerprint, which is a restriction of its own (shared_device):
    // only the movement flag is looked at here.
    const flags = await t.database.db
      .select()
      .from(mintRestrictions)
      .where(and(eq(mintRestrictions.userId, anna.id), eq(mintRestrictions.reason, 'impossible_movement')));
    expect(flags).toHaveLength(1);
    expect(flags[0]!.detail).toMatchObject({ speedMetersPerSecond: expect.any(Number) });
    expect(JSON.stringify(flags[0]!.detail)).not.toContain(String(jump.lat));

    // Without a raised hand there is nothing to move (and nothing to measure from).
    const idle = await user();
    expect((await call(t.app, 'POST', '/position', idle, here)).body).toEqual({ accepted: true });
    expect(await t.services.meetHands.hands.index.has(idle.id)).toBe(false);
  });

  it('rebuilds the index from the hands table on start, so a restart loses no hand', async () => {
    const here = town();
    const [anna, viewer] = [await user(), await user()];
    await raise(t.app, anna, here);
    if ('redisUrl' in backend) {
      // As if Redis had lost its data.
      const redis = new Redis(backend.redisUrl!);
      await redis.del(
        `${t.services.meetHands.hands.keyPrefix}:nearby:geo`,
        `${t.services.meetHands.hands.keyPrefix}:nearby:last`,
      );
      await redis.quit();
    }
    const { createRedisClients } = await import('../../../lib/redis');
    const redis = 'redisUrl' in backend ? await createRedisClients(backend.redisUrl!) : undefined;
    const { app: restarted, services } = await buildApp(t.config, {
      database: t.database,
      jwtSecret: TEST_JWT_SECRET,
      redis,
    });
    await restarted.ready();
    try {
      expect(await services.meetHands.hands.index.has(anna.id)).toBe(true);
      expect(ids((await call<NearbyList>(restarted, 'GET', nearbyUrl(here), viewer)).body.items)).toContain(anna.id);
    } finally {
      await restarted.close();
      await redis?.close();
    }
  });
});
