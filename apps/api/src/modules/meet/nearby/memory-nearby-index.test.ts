import { describe, expect, it } from 'vitest';
import { destination, type LatLng } from './geo';
import { MemoryNearbyIndex } from './memory-nearby-index';
import {
  describeNearbyIndexContract,
  expectMatchesBruteForce,
  seededRandom,
} from '../../../../test/kits/nearby-index-contract';

describeNearbyIndexContract('memory', async (options) => new MemoryNearbyIndex(options));

// The grid search has edge cases the contract's data rarely reaches: tiny and huge buckets, high
// latitudes where columns are narrow, queries sitting on a bucket edge or the antimeridian.
describe('MemoryNearbyIndex grid search', () => {
  async function fill(index: MemoryNearbyIndex, points: Map<number, LatLng>) {
    for (const [id, p] of points) await index.upsert(id, p.lat, p.lng);
  }

  for (const cellDegrees of [0.001, 0.02, 1, 10]) {
    it(`matches brute force with ${cellDegrees}° buckets, near the antimeridian and far north`, async () => {
      const random = seededRandom(cellDegrees * 1000);
      const index = new MemoryNearbyIndex({ cellDegrees });
      const centers: LatLng[] = [
        { lat: 0, lng: 179.995 },
        { lat: 78.22, lng: 15.65 }, // Longyearbyen
        { lat: -54.8, lng: -68.3 }, // Ushuaia
        { lat: 84.8, lng: -179.9 }, // stays below the 85.05° clamp
      ];
      const points = new Map<number, LatLng>();
      let id = 1;
      for (const c of centers)
        for (let i = 0; i < 400; i++) points.set(id++, destination(c, random() * 360, random() * 20_000));
      await fill(index, points);
      for (const c of centers) {
        for (const radius of [50, 1000, 7000, 25_000]) {
          for (const limit of [1, 10, 1000]) {
            const exclude = new Set([1, 401, 801, 1201]);
            const hits = await index.near(c.lat, c.lng, radius, { limit, excludeUserIds: exclude });
            expectMatchesBruteForce(hits, points, c, radius, limit, exclude);
          }
        }
      }
    });
  }

  it('finds a point sitting exactly on a bucket edge', async () => {
    const index = new MemoryNearbyIndex({ cellDegrees: 0.02 });
    await index.upsert(1, 55.76, 37.62);
    await index.upsert(2, 55.76, 37.6);
    const hits = await index.near(55.76, 37.62, 0);
    expect(hits.map((h) => h.userId)).toEqual([1]);
    expect(hits[0]!.distanceMeters).toBe(0);
  });

  it('answers a 25 km query among 100,000 hands in one city by reading a small part of them', async () => {
    const random = seededRandom(7);
    const index = new MemoryNearbyIndex();
    const center = { lat: 55.7558, lng: 37.6173 };
    for (let id = 1; id <= 100_000; id++) {
      const p = destination(center, random() * 360, Math.sqrt(random()) * 30_000);
      await index.upsert(id, p.lat, p.lng);
    }
    // Work is counted, not timed (speed is the bench's job): a scan reads all 100,000 hands.
    let examined = 0;
    for (let q = 0; q < 100; q++) {
      const c = destination(center, random() * 360, random() * 20_000);
      expect(await index.near(c.lat, c.lng, 25_000, { limit: 100 })).toHaveLength(100);
      examined += index.lastExamined;
    }
    expect(examined / 100).toBeGreaterThanOrEqual(100);
    expect(examined / 100).toBeLessThan(2_000);
  });
});
