/**
 * `node --import tsx bench/positions.ts`: precise position updates ingested per second with
 * meeting detection on (POST /api/meet/meetings/:peerId/position), in process and with the
 * detection state on Redis (REDIS_URL, else 127.0.0.1:6379 when it answers; skipped otherwise).
 *
 * Many pairs report at once, each phone every 5 s of simulated time, half the pairs standing
 * together (their meetings are found on the way) and half 30 m apart. Two layers:
 *  - detection: the state store and the detector alone (device clock, movement check, detector,
 *    one atomic read-modify-write per fix), every fix of a 5 s round in flight at once;
 *  - HTTP: the whole route through app.inject (auth, peer and block check on the database,
 *    detection, the meeting row and the live pushes when they happen), on in-memory PGlite.
 */
import { Redis } from 'ioredis';
import { buildApp } from '../apps/api/src/app';
import { createRedisClients } from '../apps/api/src/lib/redis';
import { offsetMeters } from '../apps/api/src/modules/meet/detector/geo';
import { ORIGIN } from '../apps/api/test/kits/detector-tracks';
import { ingestIntoPair, type PairIngest, type PairRecord } from '../apps/api/src/modules/meet/meetings/ingest';
import { MemoryStateStore } from '../apps/api/src/modules/meet/meetings/memory-state-store';
import { pairKey, pairOf } from '../apps/api/src/modules/meet/meetings/pair';
import { RedisStateStore } from '../apps/api/src/modules/meet/meetings/redis-state-store';
import type { StateStore } from '../apps/api/src/modules/meet/meetings/state-store';
import { insertUser, testConfig } from '../apps/api/test/app';
import { createTestDatabase } from '../apps/api/test/database';
import { testRedisUrl } from '../apps/api/test/services';

const corePairs = Number(process.env.BENCH_PAIRS ?? 1000);
const coreMinutes = Number(process.env.BENCH_MINUTES ?? 21);
const httpPairs = Number(process.env.BENCH_HTTP_PAIRS ?? 100);
const httpMinutes = Number(process.env.BENCH_HTTP_MINUTES ?? 3);
const INTERVAL_MS = 5_000;
const T0 = Date.UTC(2025, 5, 1, 12);

/** mulberry32, so runs compare. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Sender {
  userId: number;
  peerId: number;
  /** Where this phone stands, metres from the pair's spot. */
  north: number;
  east: number;
  /** Phase inside the 5 s round, so the two phones of a pair do not report in lockstep. */
  phaseMs: number;
  /** The pair's spot, spread over a city. */
  base: { lat: number; lng: number };
}

/** Two phones per pair; even pairs 1 m apart, odd pairs 30 m apart. */
function senders(pairs: number, idOf: (n: number) => number): Sender[] {
  const random = seeded(7);
  const list: Sender[] = [];
  for (let p = 0; p < pairs; p++) {
    const base = offsetMeters(ORIGIN, (random() - 0.5) * 20_000, (random() - 0.5) * 20_000);
    const [a, b] = [idOf(2 * p), idOf(2 * p + 1)];
    const apart = p % 2 === 0 ? 1 : 30;
    list.push({ userId: a, peerId: b, north: 0, east: 0, phaseMs: 0, base });
    list.push({ userId: b, peerId: a, north: 0, east: apart, phaseMs: 2_500, base });
  }
  return list;
}

function fixOf(sender: Sender, at: number, random: () => number) {
  const noise = () => (random() - 0.5) * 4;
  const position = offsetMeters(sender.base, sender.north + noise(), sender.east + noise());
  return { lat: position.lat, lng: position.lng, accuracy: 4, at };
}

/** Every fix of one 5 s round, the two phases one after the other, each phase all at once. */
async function rounds(
  list: Sender[],
  minutes: number,
  send: (sender: Sender, now: number, at: number) => Promise<boolean>,
) {
  const random = seeded(11);
  const total = Math.round((minutes * 60_000) / INTERVAL_MS);
  let fixes = 0;
  let met = 0;
  const started = performance.now();
  for (let round = 0; round < total; round++) {
    for (const phase of [0, 2_500]) {
      const now = T0 + round * INTERVAL_MS + phase;
      const batch = list.filter((s) => s.phaseMs === phase);
      const results = await Promise.all(batch.map((s) => send(s, now, now - 1234 + Math.floor(random() * 50))));
      fixes += batch.length;
      met += results.filter(Boolean).length;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  return { fixes, met, seconds, perSecond: fixes / seconds };
}

async function benchCore(name: string, store: StateStore) {
  const list = senders(corePairs, (n) => n + 1);
  const random = seeded(3);
  const result = await rounds(list, coreMinutes, async (sender, now, at) => {
    const pair = pairOf(sender.userId, sender.peerId);
    const outcome = await store.update<PairRecord, PairIngest>(pairKey(pair), now, (current) =>
      ingestIntoPair(current, pair, sender.userId, fixOf(sender, at, random), now),
    );
    return outcome.justMet;
  });
  row(`detection, ${name}`, corePairs, coreMinutes, result);
}

async function benchHttp(name: string, redisUrl?: string) {
  const config = testConfig({ RATE_LIMIT_MAX: String(1e9), RATE_LIMIT_AUTH_MAX: String(1e9), CLOCK_CONTROL: 'true' });
  const database = await createTestDatabase();
  const redis = redisUrl ? await createRedisClients(redisUrl) : undefined;
  const { app, services } = await buildApp(config, {
    database,
    jwtSecret: 'bench-secret-0123456789-0123456789-0123',
    redis,
  });
  await app.ready();
  try {
    const ids: number[] = [];
    for (let n = 0; n < httpPairs * 2; n++)
      ids.push((await insertUser(database, { domain: `b${n}x${process.pid}` })).id);
    const tokens = new Map<number, string>();
    for (const id of ids) tokens.set(id, `Bearer ${await app.tokens.sign(id)}`);
    const list = senders(httpPairs, (n) => ids[n]!);
    const random = seeded(5);
    let clock = T0;
    const result = await rounds(list, httpMinutes, async (sender, now, at) => {
      if (now > clock) {
        services.clock.advance(now - clock);
        clock = now;
      }
      const res = await app.inject({
        method: 'POST',
        url: `/api/meet/meetings/${sender.peerId}/position`,
        headers: { authorization: tokens.get(sender.userId)!, 'x-device-fingerprint': `bench-device-${sender.userId}` },
        payload: fixOf(sender, at, random),
      });
      if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}: ${res.body}`);
      return false;
    });
    row(`HTTP + ${database.driver}, ${name}`, httpPairs, httpMinutes, result);
  } finally {
    await app.close();
    await redis?.close();
    await database.close();
  }
}

function row(
  name: string,
  pairs: number,
  minutes: number,
  r: { fixes: number; met: number; seconds: number; perSecond: number },
) {
  console.log(
    `${name.padEnd(34)} ${String(pairs).padStart(6)} ${String(minutes).padStart(5)} ${r.fixes.toLocaleString('en').padStart(9)} ${r.seconds.toFixed(2).padStart(8)} ${r.perSecond.toFixed(0).padStart(10)}${r.met ? `   (${r.met} meetings found)` : ''}`,
  );
}

console.log('position updates with meeting detection on; each phone every 5 s of simulated time');
console.log(
  `${'layer, state'.padEnd(34)} ${'pairs'.padStart(6)} ${'min'.padStart(5)} ${'fixes'.padStart(9)} ${'seconds'.padStart(8)} ${'fixes/s'.padStart(10)}`,
);
await benchCore('in process', new MemoryStateStore());
const redisUrl = await testRedisUrl();
if (redisUrl) {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  const keyPrefix = `bench:meetings:${process.pid}`;
  try {
    await benchCore(`Redis (${new URL(redisUrl).host})`, new RedisStateStore({ redis, keyPrefix }));
  } finally {
    const keys = await redis.keys(`${keyPrefix}:*`);
    for (let i = 0; i < keys.length; i += 1000) await redis.del(...keys.slice(i, i + 1000));
    await redis.quit();
  }
}
await benchHttp('in process');
if (redisUrl) await benchHttp('Redis', redisUrl);
else console.log('\nRedis: not reachable (set REDIS_URL or run one on 127.0.0.1:6379), skipped');
