import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { NearbyList } from '@app/shared/schemas/meet';
import { hands } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../../test/app';
import { DEG, destination, distanceMeters, EARTH_RADIUS_METERS, type LatLng } from '../nearby/geo';
import { snapToGrid } from '../nearby/privacy';
import {
  adult,
  away,
  call,
  leaks,
  listen,
  MOSCOW,
  nearbyUrl,
  next,
  online,
  raise,
  watch,
  type TestUser,
} from '../../../../test/kits/hands';

/**
 * Location privacy through the API (docs/decisions/010): no answer and no socket payload carries a
 * user's exact coordinates, and trilateration from three viewer positions, run against the real
 * HTTP API, cannot tell apart two positions of the victim 100 m apart: every answer is the same, so
 * the attacker ends at the ~100 m cell, never at the user.
 */

let t: TestApp;
let url: string;

beforeAll(async () => {
  t = await createTestApp({ env: { CLOCK_CONTROL: 'true', RATE_LIMIT_MAX: '1000000' } });
  url = await listen(t.app);
});
afterAll(async () => {
  await t?.close();
});

const stored = async (userId: number): Promise<LatLng> => {
  const [row] = await t.database.db
    .select({ lat: hands.lat, lng: hands.lng })
    .from(hands)
    .where(eq(hands.userId, userId));
  return row!;
};

/** Local east/north metres around an origin (the attacker's working plane). */
function toPlane(origin: LatLng, p: LatLng): [number, number] {
  const m = EARTH_RADIUS_METERS * DEG;
  return [(p.lng - origin.lng) * m * Math.cos(origin.lat * DEG), (p.lat - origin.lat) * m];
}
function fromPlane(origin: LatLng, [x, y]: [number, number]): LatLng {
  const m = EARTH_RADIUS_METERS * DEG;
  return { lat: origin.lat + y / m, lng: origin.lng + x / (m * Math.cos(origin.lat * DEG)) };
}

/** Three circles: subtract the first equation from the other two and solve the 2×2 system. */
function trilaterate(points: [number, number][], distances: number[]): [number, number] {
  const [[x0, y0], [x1, y1], [x2, y2]] = points as [[number, number], [number, number], [number, number]];
  const [r0, r1, r2] = distances as [number, number, number];
  const a = [2 * (x1 - x0), 2 * (y1 - y0), r0 * r0 - r1 * r1 + x1 * x1 - x0 * x0 + y1 * y1 - y0 * y0];
  const b = [2 * (x2 - x0), 2 * (y2 - y0), r0 * r0 - r2 * r2 + x2 * x2 - x0 * x0 + y2 * y2 - y0 * y0];
  const det = a[0]! * b[1]! - a[1]! * b[0]!;
  return [(a[2]! * b[1]! - a[1]! * b[2]!) / det, (a[0]! * b[2]! - a[2]! * b[0]!) / det];
}

describe('location privacy through the API', () => {
  it('never sends the exact coordinates in any answer or socket payload', async () => {
    const here = away(MOSCOW, 300, 5_000);
    const [anna, viewer] = [await adult(t.app, t.database), await adult(t.app, t.database)];
    const socket = await online(url, viewer);
    expect(await watch(socket, { lat: here.lat, lng: here.lng, radius: 5_000 })).toBe(true);
    const payloads: unknown[] = [];
    socket.onAny((_event, payload: unknown) => payloads.push(payload));
    const bodies: string[] = [];
    const positions: LatLng[] = [];
    const remember = async (res: { raw: string }) => bodies.push(res.raw);

    const arrived = next(socket, 'hand:update', (card) => card.userId === anna.id);
    await remember(await raise(t.app, anna, away(here, 20, 333.333333)));
    await arrived;
    positions.push(await stored(anna.id));
    for (const step of [1, 2, 3]) {
      t.services.clock.advance(60_000);
      await remember(
        await call(t.app, 'POST', '/position', anna, away(here, 20 + step * 40, 333.333333 + step * 211.111)),
      );
      positions.push(await stored(anna.id));
      for (const radius of [500, 1_000, 5_000])
        await remember(await call(t.app, 'GET', nearbyUrl(here, { radius }), viewer));
      await remember(await call(t.app, 'GET', `/hands/${anna.id}?lat=${here.lat}&lng=${here.lng}`, viewer));
      await remember(await call(t.app, 'GET', '/hand', anna));
    }
    await remember(await call(t.app, 'PUT', '/ghost', anna, { ghost: true }));
    await remember(await call(t.app, 'PUT', '/ghost', anna, { ghost: false }));
    await remember(await call(t.app, 'DELETE', '/hand', anna));
    await socket.timeout(5000).emitWithAck('ping');
    socket.disconnect();

    expect(payloads.length).toBeGreaterThanOrEqual(4);
    expect(bodies.length).toBeGreaterThan(15);
    for (const exact of positions) {
      for (const body of bodies) expect(leaks(body, exact)).toBe(false);
      for (const payload of payloads) expect(leaks(payload, exact)).toBe(false);
    }
  });

  it('trilateration from three viewer positions cannot tell apart two positions 100 m apart, and ends at the cell', async () => {
    const victim = await adult(t.app, t.database);
    const attackers: TestUser[] = [
      await adult(t.app, t.database),
      await adult(t.app, t.database),
      await adult(t.app, t.database),
    ];
    // Two spots near opposite corners of one cell, more than 100 m apart.
    const cell = snapToGrid(MOSCOW.lat + 0.05, MOSCOW.lng - 0.05);
    const a = { lat: cell.lat + 0.4 * cell.latStep, lng: cell.lng + 0.42 * cell.lngStep };
    const b = { lat: cell.lat - 0.41 * cell.latStep, lng: cell.lng - 0.4 * cell.lngStep };
    expect(distanceMeters(a, b)).toBeGreaterThanOrEqual(100);
    // Other hands around, as in a real city.
    for (let i = 0; i < 8; i++)
      await raise(t.app, await adult(t.app, t.database), destination(cell, i * 45, 300 + i * 150));
    const near = destination(cell, 70, 300); // the attacker's rough idea

    /** Per account: from three places, binary-search the radius at which the victim appears. */
    async function attack(): Promise<{ estimate: LatLng; transcript: string[] }> {
      const transcript: string[] = [];
      const estimates: [number, number][] = [];
      for (const attacker of attackers) {
        const places = [0, 120, 240].map((bearing) => destination(near, bearing, 600));
        const distances: number[] = [];
        for (const place of places) {
          let lo = 100;
          let hi = 2_000;
          while (hi - lo > 1) {
            const mid = Math.floor((lo + hi) / 2);
            const res = await call<NearbyList>(t.app, 'GET', nearbyUrl(place, { radius: mid, limit: 200 }), attacker);
            transcript.push(res.raw);
            if (res.body.items.some((item) => item.userId === victim.id)) hi = mid;
            else lo = mid;
          }
          distances.push(hi);
        }
        estimates.push(
          trilaterate(
            places.map((p) => toPlane(near, p)),
            distances,
          ),
        );
      }
      const mean: [number, number] = [
        estimates.reduce((s, e) => s + e[0], 0) / 3,
        estimates.reduce((s, e) => s + e[1], 0) / 3,
      ];
      return { estimate: fromPlane(near, mean), transcript };
    }

    await raise(t.app, victim, a);
    const atA = await attack();
    t.services.clock.advance(120_000);
    expect((await call(t.app, 'POST', '/position', victim, b)).body).toEqual({ accepted: true });
    expect(await stored(victim.id)).toEqual(b);
    const atB = await attack();

    expect(atA.transcript.length).toBeGreaterThan(60);
    // Every answer was byte-identical for the two positions...
    expect(atB.transcript).toEqual(atA.transcript);
    // ...so the attacker computes the same point for both, and it is 50+ m from one of them.
    expect(atB.estimate).toEqual(atA.estimate);
    expect(Math.max(distanceMeters(atA.estimate, a), distanceMeters(atA.estimate, b))).toBeGreaterThanOrEqual(50);
    // What the attack finds is the cell (which the grid publishes anyway), not the user.
    expect(distanceMeters(atA.estimate, cell)).toBeLessThan(75);
    for (const body of atA.transcript) expect(leaks(body, a) || leaks(body, b)).toBe(false);
  });
});
