import { describe, expect, it } from 'vitest';
import { destination, distanceMeters, type LatLng } from './geo';
import { MemoryNearbyIndex } from './memory-nearby-index';
import { seededRandom } from '../../../../test/kits/nearby-index-contract';
import { coarseDistance, publicPosition, snapToGrid } from './privacy';
import { findPublicNearby, type PublicNearbyItem } from './public-nearby';

const SECRET = 'test-location-secret-0123456789';
const MOSCOW: LatLng = { lat: 55.7558, lng: 37.6173 };

/** The answer findPublicNearby must give, computed over every user from shown positions only. */
function reference(
  users: Map<number, LatLng>,
  viewerId: number,
  at: LatLng,
  radius: number,
  limit: number,
  exclude: number[] = [],
) {
  return [...users]
    .filter(([id]) => id !== viewerId && !exclude.includes(id))
    .map(([id, p]) => {
      const position = publicPosition({ id, ...p }, viewerId, SECRET);
      return { userId: id, position, meters: distanceMeters(at, position) };
    })
    .filter((item) => item.meters <= radius)
    .sort((a, b) => a.meters - b.meters || a.userId - b.userId)
    .slice(0, limit)
    .map(({ userId, position, meters }): PublicNearbyItem => ({ userId, position, distance: coarseDistance(meters) }));
}

async function city(count: number, spreadMeters: number, seed: number) {
  const random = seededRandom(seed);
  const index = new MemoryNearbyIndex();
  const users = new Map<number, LatLng>();
  for (let id = 1; id <= count; id++) {
    const p = destination(MOSCOW, random() * 360, Math.sqrt(random()) * spreadMeters);
    users.set(id, p);
    await index.upsert(id, p.lat, p.lng);
  }
  return { index, users, random };
}

describe('findPublicNearby', () => {
  it('sends shown positions and distance steps only, never the viewer, the excluded or a ghost', async () => {
    const { index, users } = await city(50, 3000, 1);
    await index.upsert(999, MOSCOW.lat, MOSCOW.lng, { ghost: true });
    const items = await findPublicNearby(index, {
      viewerId: 1,
      ...MOSCOW,
      radiusMeters: 5000,
      excludeUserIds: [2, 3],
      secret: SECRET,
    });
    expect(items.map((i) => i.userId).sort((a, b) => a - b)).toEqual([...users.keys()].filter((id) => id > 3));
    for (const item of items) {
      expect(Object.keys(item).sort()).toEqual(['distance', 'position', 'userId']);
      expect(Object.keys(item.position).sort()).toEqual(['lat', 'lng']);
      const truth = users.get(item.userId)!;
      expect(item.position).not.toEqual(truth);
      expect(distanceMeters(item.position, truth)).toBeLessThan(150);
      expect(item.position).toEqual(publicPosition({ id: item.userId, ...truth }, 1, SECRET));
    }
  });

  it('orders and filters by the shown point: the list is the one computed from shown points alone', async () => {
    const { index, users, random } = await city(2000, 4000, 2);
    for (let q = 0; q < 40; q++) {
      const viewerId = 1 + Math.floor(random() * 2000);
      const at = destination(MOSCOW, random() * 360, random() * 4000);
      const radius = [300, 1000, 2500, 6000][q % 4]!;
      // Small limits make the index's own cut (and the asking again) happen in a crowd.
      const limit = [1, 5, 30, 100][q % 4]!;
      const exclude = q % 2 ? [viewerId + 1] : [];
      const items = await findPublicNearby(index, {
        viewerId,
        ...at,
        radiusMeters: radius,
        limit,
        excludeUserIds: exclude,
        secret: SECRET,
      });
      expect(items).toEqual(reference(users, viewerId, at, radius, limit, exclude));
    }
  });

  it('gives the same answer wherever the victim stands in its cell, even with planted hands', async () => {
    // The attacker plants hands at spots they know, hoping the index's limit cuts the list
    // between them and the victim (a cut made by the exact distance would trace a circle).
    const cell = snapToGrid(MOSCOW.lat, MOSCOW.lng);
    const a = { lat: cell.lat + 0.45 * cell.latStep, lng: cell.lng + 0.45 * cell.lngStep };
    const b = { lat: cell.lat - 0.45 * cell.latStep, lng: cell.lng - 0.45 * cell.lngStep };
    expect(distanceMeters(a, b)).toBeGreaterThan(120);
    const answers: string[][] = [];
    for (const victim of [a, b]) {
      const index = new MemoryNearbyIndex();
      await index.upsert(1, victim.lat, victim.lng);
      for (let id = 2; id < 800; id++) {
        const p = destination(cell, (id * 37) % 360, 100 + (id % 40) * 10);
        await index.upsert(id, p.lat, p.lng);
      }
      const replies: string[] = [];
      const r = seededRandom(4);
      for (let q = 0; q < 60; q++) {
        const at = destination(cell, r() * 360, r() * 300);
        const items = await findPublicNearby(index, {
          viewerId: 5000 + q,
          ...at,
          radiusMeters: 50 + r() * 900,
          limit: 1 + Math.floor(r() * 40),
          secret: SECRET,
        });
        replies.push(JSON.stringify(items));
      }
      answers.push(replies);
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[0]!.filter((reply) => reply.includes('"userId":1,')).length).toBeGreaterThan(10);
  });

  it('in a crowd denser than 10,000 hands within reach, returns only what it can vouch for', async () => {
    // 12,000 hands within 400 m: the index's largest answer cannot cover every shown point in
    // reach, so the list is cut to the part that is certainly right (a prefix, maybe shorter).
    const { index, users } = await city(12_000, 400, 5);
    const items = await findPublicNearby(index, {
      viewerId: 1,
      ...MOSCOW,
      radiusMeters: 1000,
      limit: 100,
      secret: SECRET,
    });
    const full = reference(users, 1, MOSCOW, 1000, 100);
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(100);
    expect(items).toEqual(full.slice(0, items.length));
  });
});
