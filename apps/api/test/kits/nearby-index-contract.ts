/**
 * The behaviour every NearbyIndex must have. memory-nearby-index.test.ts and
 * redis-nearby-index.test.ts both run it, so switching REDIS_URL on cannot change what users see.
 * (Not a *.test.ts file itself: it only runs through those two.)
 */
import { afterEach, describe, expect, it } from 'vitest';
import { destination, distanceMeters, MAX_INDEX_LATITUDE, type LatLng } from '../../src/modules/meet/nearby/geo';
import {
  DEFAULT_NEAR_LIMIT,
  type NearbyHit,
  type NearbyIndex,
  type NearbyIndexOptions,
  type TrackedPosition,
} from '../../src/modules/meet/nearby/nearby-index';

export type NearbyIndexFactory = (options?: NearbyIndexOptions) => Promise<NearbyIndex>;

/** Redis GEO stores 52-bit geohashes (about 0.6 m), so distances agree to within this. */
const TOLERANCE_M = 1;

const MOSCOW: LatLng = { lat: 55.7558, lng: 37.6173 };

/** A small deterministic PRNG (mulberry32): failures must be reproducible. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Checks a near() answer against the truth without being fooled by points within a metre or two
 * of the radius or of the limit's cut (where geohash rounding may decide either way).
 */
export function expectMatchesBruteForce(
  hits: NearbyHit[],
  points: Map<number, LatLng>,
  center: LatLng,
  radius: number,
  limit: number,
  exclude: ReadonlySet<number> = new Set(),
): void {
  expect(hits.length).toBeLessThanOrEqual(limit);
  for (let i = 0; i < hits.length; i++) {
    const hit = hits[i]!;
    const truth = points.get(hit.userId)!;
    expect(truth, `unknown user ${hit.userId}`).toBeDefined();
    expect(exclude.has(hit.userId)).toBe(false);
    const d = distanceMeters(center, truth);
    expect(Math.abs(hit.distanceMeters - d)).toBeLessThan(TOLERANCE_M);
    expect(d).toBeLessThanOrEqual(radius + TOLERANCE_M);
    expect(distanceMeters(hit, truth)).toBeLessThan(TOLERANCE_M);
    if (i > 0) expect(hit.distanceMeters).toBeGreaterThanOrEqual(hits[i - 1]!.distanceMeters - 0.01);
  }
  expect(new Set(hits.map((h) => h.userId)).size).toBe(hits.length);
  const cutoff = hits.length === limit ? hits[hits.length - 1]!.distanceMeters : radius;
  const returned = new Set(hits.map((h) => h.userId));
  for (const [userId, p] of points) {
    if (exclude.has(userId)) continue;
    if (distanceMeters(center, p) < cutoff - 2 * TOLERANCE_M)
      expect(returned.has(userId), `missing user ${userId}`).toBe(true);
  }
}

export function describeNearbyIndexContract(name: string, factory: NearbyIndexFactory, { skip = false } = {}): void {
  describe.skipIf(skip)(`NearbyIndex contract: ${name}`, () => {
    const opened: NearbyIndex[] = [];
    const open = async (options?: NearbyIndexOptions) => {
      const index = await factory(options);
      opened.push(index);
      return index;
    };
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((index) => index.close()));
    });

    /** Puts users at the given distances (metres) from `center`, each on its own bearing. */
    async function ring(
      index: NearbyIndex,
      center: LatLng,
      distances: number[],
      firstId = 1,
    ): Promise<Map<number, LatLng>> {
      const points = new Map<number, LatLng>();
      for (let i = 0; i < distances.length; i++) {
        const p = destination(center, (i * 137) % 360, distances[i]!);
        await index.upsert(firstId + i, p.lat, p.lng);
        points.set(firstId + i, p);
      }
      return points;
    }

    it('answers an empty index with nothing', async () => {
      const index = await open();
      expect(await index.near(MOSCOW.lat, MOSCOW.lng, 50_000)).toEqual([]);
      expect(await index.size()).toBe(0);
      expect(await index.has(1)).toBe(false);
    });

    it('returns only users inside the radius, with their distance and position', async () => {
      const index = await open();
      const points = await ring(index, MOSCOW, [100, 450, 900, 1500, 3000]);
      const within1km = await index.near(MOSCOW.lat, MOSCOW.lng, 1000);
      expect(within1km.map((h) => h.userId)).toEqual([1, 2, 3]);
      expectMatchesBruteForce(within1km, points, MOSCOW, 1000, DEFAULT_NEAR_LIMIT);
      expect((await index.near(MOSCOW.lat, MOSCOW.lng, 2000)).map((h) => h.userId)).toEqual([1, 2, 3, 4]);
      expect(await index.near(MOSCOW.lat, MOSCOW.lng, 50)).toEqual([]);
      expect(await index.size()).toBe(5);
    });

    it('orders hits nearest first whatever the insertion order', async () => {
      const index = await open();
      const distances = [2500, 40, 1200, 700, 10, 1900, 300];
      const points = await ring(index, MOSCOW, distances);
      const hits = await index.near(MOSCOW.lat, MOSCOW.lng, 5000);
      const expected = [...points.keys()].sort((a, b) => distances[a - 1]! - distances[b - 1]!);
      expect(hits.map((h) => h.userId)).toEqual(expected);
      expectMatchesBruteForce(hits, points, MOSCOW, 5000, DEFAULT_NEAR_LIMIT);
    });

    it('never returns excluded users, and still fills the limit after them', async () => {
      const index = await open();
      await ring(index, MOSCOW, [0, 100, 200, 300, 400]);
      const hits = await index.near(MOSCOW.lat, MOSCOW.lng, 1000, { excludeUserIds: [1, 3], limit: 2 });
      expect(hits.map((h) => h.userId)).toEqual([2, 4]);
      const all = await index.near(MOSCOW.lat, MOSCOW.lng, 1000, { excludeUserIds: new Set([5, 999]) });
      expect(all.map((h) => h.userId)).toEqual([1, 2, 3, 4]);
    });

    it('moves a user on a second upsert', async () => {
      const index = await open();
      const far = destination(MOSCOW, 90, 5000);
      await index.upsert(7, MOSCOW.lat, MOSCOW.lng, { at: 1000 });
      expect(await index.upsert(7, far.lat, far.lng, { at: 2000 })).toBe(true);
      expect(await index.near(MOSCOW.lat, MOSCOW.lng, 1000)).toEqual([]);
      const hits = await index.near(far.lat, far.lng, 1000);
      expect(hits.map((h) => h.userId)).toEqual([7]);
      expect(hits[0]!.distanceMeters).toBeLessThan(TOLERANCE_M);
      expect(await index.size()).toBe(1);
    });

    it('ignores an update older than the stored one', async () => {
      const index = await open();
      const far = destination(MOSCOW, 0, 3000);
      await index.upsert(7, MOSCOW.lat, MOSCOW.lng, { at: 2000 });
      expect(await index.upsert(7, far.lat, far.lng, { at: 1000 })).toBe(false);
      expect((await index.near(MOSCOW.lat, MOSCOW.lng, 100)).map((h) => h.userId)).toEqual([7]);
    });

    it('removes a user at once', async () => {
      const index = await open();
      await ring(index, MOSCOW, [10, 20]);
      expect(await index.remove(1)).toBe(true);
      expect(await index.remove(1)).toBe(false);
      expect(await index.remove(12345)).toBe(false);
      expect(await index.has(1)).toBe(false);
      expect(await index.has(2)).toBe(true);
      expect(await index.size()).toBe(1);
      expect((await index.near(MOSCOW.lat, MOSCOW.lng, 1000)).map((h) => h.userId)).toEqual([2]);
    });

    it('returns at most `limit` hits, the nearest ones, and DEFAULT_NEAR_LIMIT by default', async () => {
      const index = await open();
      const distances = Array.from(
        { length: DEFAULT_NEAR_LIMIT + 20 },
        (_, i) => 10 + ((i * 7919) % 997) * 5 + i * 0.01,
      );
      const points = await ring(index, MOSCOW, distances);
      const ten = await index.near(MOSCOW.lat, MOSCOW.lng, 10_000, { limit: 10 });
      expect(ten).toHaveLength(10);
      expectMatchesBruteForce(ten, points, MOSCOW, 10_000, 10);
      expect(await index.near(MOSCOW.lat, MOSCOW.lng, 10_000)).toHaveLength(DEFAULT_NEAR_LIMIT);
      expect(await index.near(MOSCOW.lat, MOSCOW.lng, 10_000, { limit: 1 })).toHaveLength(1);
    });

    it('hides a ghost from everyone until the ghost switch is off', async () => {
      const index = await open();
      expect(await index.upsert(3, MOSCOW.lat, MOSCOW.lng, { ghost: true, at: 1 })).toBe(true);
      expect(await index.has(3)).toBe(false);
      expect(await index.size()).toBe(0);
      expect(await index.near(MOSCOW.lat, MOSCOW.lng, 1000)).toEqual([]);
      await index.upsert(3, MOSCOW.lat, MOSCOW.lng, { at: 2 });
      expect((await index.near(MOSCOW.lat, MOSCOW.lng, 1000)).map((h) => h.userId)).toEqual([3]);
      await index.upsert(3, MOSCOW.lat, MOSCOW.lng, { ghost: true, at: 3 });
      expect(await index.near(MOSCOW.lat, MOSCOW.lng, 1000)).toEqual([]);
      expect(await index.has(3)).toBe(false);
    });

    it('asks the movement guard about each move and drops what it refuses', async () => {
      const calls: [number, TrackedPosition, TrackedPosition][] = [];
      const index = await open({
        movementGuard: async (userId, from, to) => {
          calls.push([userId, from, to]);
          return distanceMeters(from, to) / Math.max(1, (to.at - from.at) / 1000) <= 300;
        },
      });
      const nearBy = destination(MOSCOW, 45, 200);
      const tooFar = destination(MOSCOW, 45, 50_000);
      expect(await index.upsert(9, MOSCOW.lat, MOSCOW.lng, { at: 0, accuracyMeters: 12 })).toBe(true);
      expect(calls).toHaveLength(0); // nothing to compare the first fix with
      expect(await index.upsert(9, nearBy.lat, nearBy.lng, { at: 10_000 })).toBe(true);
      expect(await index.upsert(9, tooFar.lat, tooFar.lng, { at: 11_000 })).toBe(false);
      expect(calls).toHaveLength(2);
      const [userId, from, to] = calls[1]!;
      expect(userId).toBe(9);
      expect(from.at).toBe(10_000);
      expect(distanceMeters(from, nearBy)).toBeLessThan(TOLERANCE_M);
      expect(to).toMatchObject({ at: 11_000 });
      expect(calls[0]![1]).toMatchObject({ at: 0, accuracyMeters: 12 });
      expect((await index.near(nearBy.lat, nearBy.lng, 10)).map((h) => h.userId)).toEqual([9]);
      expect(await index.near(tooFar.lat, tooFar.lng, 1000)).toEqual([]);
    });

    it('finds neighbours across the antimeridian', async () => {
      const index = await open();
      await index.upsert(1, 0, 179.999);
      await index.upsert(2, 0, -179.999);
      await index.upsert(3, 10, 180);
      for (const lng of [179.9995, -179.9995, 180, -180]) {
        const hits = await index.near(0, lng, 500);
        expect(hits.map((h) => h.userId).sort()).toEqual([1, 2]);
      }
      const fromEast = await index.near(0, -179.999, 300);
      expect(fromEast.map((h) => h.userId)).toEqual([2, 1]);
      expect(fromEast[1]!.distanceMeters).toBeCloseTo(
        distanceMeters({ lat: 0, lng: 179.999 }, { lat: 0, lng: -179.999 }),
        0,
      );
      expect((await index.near(10, -179.99, 5000)).map((h) => h.userId)).toEqual([3]);
    });

    it('copes with the poles (clamped to the latitudes a Web Mercator map can show)', async () => {
      const index = await open();
      await index.upsert(1, 90, 0);
      await index.upsert(2, -90, 45);
      await index.upsert(3, 89.999, 120);
      await index.upsert(4, MAX_INDEX_LATITUDE - 0.01, 0);
      // Clamped, 90°N/0° and 89.999°N/120° become points of the 85.05° parallel ~950 km apart.
      const north = await index.near(90, 0, 2000);
      expect(north.map((h) => h.userId).sort()).toEqual([1, 4]);
      for (const hit of north) expect(hit.lat).toBeLessThanOrEqual(90);
      expect((await index.near(-90, 50, 100_000)).map((h) => h.userId)).toEqual([2]);
      expect((await index.near(-89.9, -170, 2_000_000)).map((h) => h.userId)).toEqual([2]);
      expect((await index.near(89.5, 179.9, 3_000_000)).map((h) => h.userId).sort()).toEqual([1, 3, 4]);
      expect(await index.near(0, 0, 1000)).toEqual([]);
    });

    it('handles a radius as large as the planet', async () => {
      const index = await open();
      await index.upsert(1, MOSCOW.lat, MOSCOW.lng);
      await index.upsert(2, -33.86, 151.21);
      const hits = await index.near(MOSCOW.lat, MOSCOW.lng, 20_100_000);
      expect(hits.map((h) => h.userId)).toEqual([1, 2]);
    });

    it('rejects input that is not a position', async () => {
      const index = await open();
      await expect(index.upsert(1, Number.NaN, 0)).rejects.toThrow(RangeError);
      await expect(index.upsert(1, 91, 0)).rejects.toThrow(RangeError);
      await expect(index.upsert(1, 0, 181)).rejects.toThrow(RangeError);
      await expect(index.upsert(1.5, 0, 0)).rejects.toThrow(RangeError);
      await expect(index.near(0, 0, -1)).rejects.toThrow(RangeError);
      await expect(index.near(0, 0, 100, { limit: 0 })).rejects.toThrow(RangeError);
      expect(await index.size()).toBe(0);
    });

    it('agrees with a brute-force scan on random data', async () => {
      const index = await open();
      const random = seededRandom(42);
      const points = new Map<number, LatLng>();
      const writes: Promise<boolean>[] = [];
      for (let id = 1; id <= 3000; id++) {
        // Mostly one city, some anywhere on Earth.
        const p =
          id % 10 === 0
            ? { lat: random() * 160 - 80, lng: random() * 360 - 180 }
            : destination(MOSCOW, random() * 360, Math.sqrt(random()) * 40_000);
        points.set(id, p);
        writes.push(index.upsert(id, p.lat, p.lng));
      }
      await Promise.all(writes);
      expect(await index.size()).toBe(3000);
      for (let q = 0; q < 40; q++) {
        const center =
          q % 5 === 0
            ? { lat: random() * 160 - 80, lng: random() * 360 - 180 }
            : destination(MOSCOW, random() * 360, random() * 45_000);
        const radius = [100, 800, 3000, 12_000, 30_000, 2_000_000][q % 6]!;
        const limit = [1, 7, 50, 200][q % 4]!;
        const exclude = new Set(q % 3 === 0 ? [1, 2, 3, 4, 5] : []);
        const hits = await index.near(center.lat, center.lng, radius, { limit, excludeUserIds: exclude });
        expectMatchesBruteForce(hits, points, center, radius, limit, exclude);
      }
    });
  });
}
