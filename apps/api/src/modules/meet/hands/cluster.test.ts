import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { NearbyList } from '@app/shared/schemas/meet';
import { buildApp, type AppServices } from '../../../app';
import type { Database } from '../../../db/client';
import { createRedisClients, type RedisClients } from '../../../lib/redis';
import { TEST_JWT_SECRET, testConfig } from '../../../../test/app';
import { createTestDatabase } from '../../../../test/database';
import { testRedisUrl } from '../../../../test/services';
import {
  adult,
  away,
  call,
  listen,
  MOSCOW,
  nearbyUrl,
  next,
  online,
  raise,
  record,
  settled,
  watch,
  type ClientSocket,
} from '../../../../test/kits/hands';

/**
 * Two API processes of one deployment (one database, one Redis): a hand raised, moved, lowered or
 * expired on one reaches the watchers on the other, through the shared index and the tile channels.
 */

const redisUrl = await testRedisUrl();

describe.skipIf(!redisUrl)('live map across API processes (Redis)', () => {
  let database: Database;
  const clients: RedisClients[] = [];
  let a: FastifyInstance;
  let b: FastifyInstance;
  let servicesA: AppServices;
  let servicesB: AppServices;
  let urlA: string;
  let urlB: string;
  const sockets: ClientSocket[] = [];
  const config = testConfig({ CLOCK_CONTROL: 'true', RATE_LIMIT_MAX: '100000' });

  beforeAll(async () => {
    database = await createTestDatabase();
    const start = async () => {
      const redis = await createRedisClients(redisUrl!);
      clients.push(redis);
      const built = await buildApp(config, { database, jwtSecret: TEST_JWT_SECRET, redis });
      await built.app.ready();
      return built;
    };
    [{ app: a, services: servicesA }, { app: b, services: servicesB }] = [await start(), await start()];
    [urlA, urlB] = [await listen(a), await listen(b)];
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    const prefix = servicesA?.meetHands.hands.keyPrefix;
    await a?.close();
    await b?.close();
    if (prefix) await clients[0]?.client.del(`${prefix}:nearby:geo`, `${prefix}:nearby:last`);
    await Promise.all(clients.map((c) => c.close()));
    await database?.close();
    fs.rmSync(config.DATA_DIR, { recursive: true, force: true });
  });

  const watcherOn = async (url: string, app: FastifyInstance, at: { lat: number; lng: number }, radius = 5_000) => {
    const who = await adult(app, database);
    const socket = await online(url, who);
    sockets.push(socket);
    expect(await watch(socket, { lat: at.lat, lng: at.lng, radius })).toBe(true);
    return { who, socket };
  };

  it('shares one nearby index: a hand raised on A is listed by B', async () => {
    const here = away(MOSCOW, 10, 20_000);
    const [anna, viewer] = [await adult(a, database), await adult(b, database)];
    await raise(a, anna, here);
    const list = await call<NearbyList>(b, 'GET', nearbyUrl(here), viewer);
    expect(list.body.items.map((item) => item.userId)).toContain(anna.id);
  });

  it('a watcher on B sees a hand raised, moved and lowered on A; one far away hears nothing', async () => {
    const here = away(MOSCOW, 100, 50_000);
    const onB = await watcherOn(urlB, b, here);
    const onA = await watcherOn(urlA, a, here);
    const farOnB = await watcherOn(urlB, b, away(here, 0, 60_000));
    const farSeen = record(farOnB.socket, 'hand:update');
    const anna = await adult(a, database);

    const fromB = next(onB.socket, 'hand:update', (card) => card.userId === anna.id);
    const fromA = next(onA.socket, 'hand:update', (card) => card.userId === anna.id);
    await raise(a, anna, away(here, 30, 400), { mood: 'romantic' });
    const [cardB, cardA] = [await fromB, await fromA];
    expect(cardB).toMatchObject({ userId: anna.id, mood: 'romantic' });
    // Computed on B for B's viewer: the same card B's own API gives that viewer.
    expect(cardB).toEqual((await call(b, 'GET', `/hands/${anna.id}?lat=${here.lat}&lng=${here.lng}`, onB.who)).body);
    expect(cardA.position).not.toEqual(cardB.position);

    const moved = next(onB.socket, 'hand:update', (card) => card.userId === anna.id);
    servicesA.clock.advance(60_000);
    expect((await call(a, 'POST', '/position', anna, away(here, 200, 1_500))).body).toEqual({ accepted: true });
    expect((await moved).position).not.toEqual(cardB.position);

    const gone = next(onB.socket, 'hand:remove', (r) => r.userId === anna.id);
    await call(a, 'DELETE', '/hand', anna);
    expect(await gone).toEqual({ userId: anna.id });
    await settled(farOnB.socket);
    expect(farSeen).toEqual([]);
  });

  it('a hand that expires is swept by one process and removed for watchers on the other', async () => {
    const here = away(MOSCOW, 220, 80_000);
    const onA = await watcherOn(urlA, a, here);
    const boris = await adult(b, database);
    const up = next(onA.socket, 'hand:update', (card) => card.userId === boris.id);
    await raise(b, boris, here, { durationHours: 1 });
    await up;
    const gone = next(onA.socket, 'hand:remove', (r) => r.userId === boris.id);
    servicesB.clock.advance(3_600_001);
    await servicesB.meetHands.sweep();
    expect(await gone).toEqual({ userId: boris.id });
  });
});
