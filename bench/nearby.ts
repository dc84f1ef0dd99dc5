/**
 * `node --import tsx bench/nearby.ts`: latency of the nearby query with 100,000 raised hands, in
 * process and on Redis GEO (REDIS_URL, else 127.0.0.1:6379 when it answers; skipped otherwise).
 *
 * Two layouts: every hand in one 30 km city (the worst case: a 25 km query holds most of them)
 * and hands spread over a 1,000 km region (a country: a few dozen within 25 km). Each query is timed alone, both the raw index
 * (near()) and the list a viewer gets (findPublicNearby: snapping, offsets, steps, re-sorting).
 */
import { Redis } from 'ioredis';
import { destination, type LatLng } from '../apps/api/src/modules/meet/nearby/geo';
import { MemoryNearbyIndex } from '../apps/api/src/modules/meet/nearby/memory-nearby-index';
import type { NearbyIndex } from '../apps/api/src/modules/meet/nearby/nearby-index';
import { RedisNearbyIndex } from '../apps/api/src/modules/meet/nearby/redis-nearby-index';
import { findPublicNearby } from '../apps/api/src/modules/meet/nearby/public-nearby';
import { testRedisUrl } from '../apps/api/test/services';

const hands = Number(process.env.BENCH_HANDS ?? 100_000);
const queries = Number(process.env.BENCH_QUERIES ?? 1000);
const limit = Number(process.env.BENCH_LIMIT ?? 100);
const radii = [1_000, 5_000, 25_000];
const secret = 'bench-location-secret-0123456789';
const MOSCOW: LatLng = { lat: 55.7558, lng: 37.6173 };

/** Deterministic (mulberry32), so runs compare. */
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

const layouts: Record<string, { place: (r: () => number) => LatLng; viewer: (r: () => number) => LatLng }> = {
  city: {
    place: (r) => destination(MOSCOW, r() * 360, Math.sqrt(r()) * 30_000),
    viewer: (r) => destination(MOSCOW, r() * 360, r() * 20_000),
  },
  country: {
    place: (r) => destination(MOSCOW, r() * 360, Math.sqrt(r()) * 1_000_000),
    viewer: (r) => destination(MOSCOW, r() * 360, Math.sqrt(r()) * 900_000),
  },
};

async function load(index: NearbyIndex, layout: string): Promise<number> {
  const random = seeded(1);
  const started = performance.now();
  // Many writes in flight at once, as many devices report at once (and Redis pipelines them).
  const batch = 1000;
  for (let first = 1; first <= hands; first += batch) {
    const writes: Promise<boolean>[] = [];
    for (let id = first; id < first + batch && id <= hands; id++) {
      const p = layouts[layout]!.place(random);
      writes.push(index.upsert(id, p.lat, p.lng));
    }
    await Promise.all(writes);
  }
  return (hands / (performance.now() - started)) * 1000;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

async function time(run: (at: LatLng) => Promise<number>, layout: string, seed: number) {
  const random = seeded(seed);
  const at = Array.from({ length: queries }, () => layouts[layout]!.viewer(random));
  for (const p of at.slice(0, 50)) await run(p); // warm-up
  const ms: number[] = [];
  let hits = 0;
  for (const p of at) {
    const started = performance.now();
    hits += await run(p);
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 0.5), p99: percentile(ms, 0.99), hits: hits / queries };
}

async function bench(backend: string, index: NearbyIndex): Promise<void> {
  for (const layout of Object.keys(layouts)) {
    const rate = await load(index, layout);
    console.log(
      `\n${backend}, ${layout}: ${(await index.size()).toLocaleString('en')} hands loaded at ${rate.toFixed(0)} upserts/s`,
    );
    console.log('  query              radius    p50 ms    p99 ms   hits');
    for (const radius of radii) {
      const raw = await time(async (p) => (await index.near(p.lat, p.lng, radius, { limit })).length, layout, radius);
      const shown = await time(
        async (p) =>
          (await findPublicNearby(index, { viewerId: 0, lat: p.lat, lng: p.lng, radiusMeters: radius, limit, secret }))
            .length,
        layout,
        radius,
      );
      for (const [name, r] of [
        ['near()', raw],
        ['public list', shown],
      ] as const) {
        console.log(
          `  ${name.padEnd(16)} ${`${radius / 1000} km`.padStart(8)} ${r.p50.toFixed(3).padStart(9)} ${r.p99.toFixed(3).padStart(9)} ${r.hits.toFixed(0).padStart(6)}`,
        );
      }
    }
    for (let first = 1; first <= hands; first += 1000) {
      await Promise.all(Array.from({ length: Math.min(1000, hands - first + 1) }, (_, i) => index.remove(first + i)));
    }
  }
}

console.log(
  `nearby: ${hands.toLocaleString('en')} raised hands, limit ${limit}, ${queries} queries per line, one at a time`,
);
const memory = new MemoryNearbyIndex();
await bench('in process (grid)', memory);
await memory.close();

const redisUrl = await testRedisUrl();
if (!redisUrl) {
  console.log('\nRedis: not reachable (set REDIS_URL or run one on 127.0.0.1:6379), skipped');
} else {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  const keyPrefix = `bench:nearby:${process.pid}`;
  const index = new RedisNearbyIndex({ redis, keyPrefix });
  try {
    await bench(`Redis GEO (${new URL(redisUrl).host})`, index);
  } finally {
    await redis.del(`${keyPrefix}:geo`, `${keyPrefix}:last`);
    await redis.quit();
  }
}
