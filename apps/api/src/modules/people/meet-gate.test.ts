import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import {
  MOSCOW,
  adult,
  call,
  listen,
  nearbyUrl,
  online,
  raise,
  watch,
  type ClientSocket,
} from '../../../test/kits/hands';

/**
 * Meet and play is for adults with a complete profile: raising a hand always checked it; the map,
 * the hand cards, the live map's `meet:watch` and the chat check the same on the server.
 */
let t: TestApp;
let url: string;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t.app);
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t.close();
});

const minor = () => adult(t.app, t.database, { birthday: new Date(Date.now() - 15 * 365.25 * 86_400_000) });
const incomplete = () => adult(t.app, t.database, { lastName: null, gender: null });

describe('the meet gate', () => {
  it('refuses the map and a hand card to an incomplete profile and to a minor', async () => {
    const host = await adult(t.app, t.database);
    expect((await raise(t.app, host, MOSCOW)).status).toBe(200);
    const full = await adult(t.app, t.database);
    expect((await call(t.app, 'GET', nearbyUrl(MOSCOW), full)).status).toBe(200);

    const card = `/hands/${host.id}?lat=${MOSCOW.lat}&lng=${MOSCOW.lng}`;
    for (const [who, code] of [
      [await incomplete(), 'PROFILE_INCOMPLETE'],
      [await minor(), 'ADULTS_ONLY'],
    ] as const) {
      for (const path of [nearbyUrl(MOSCOW), card]) {
        const res = await call<{ code: string }>(t.app, 'GET', path, who);
        expect(res.status, `${code} ${path}`).toBe(403);
        expect(res.body.code).toBe(code);
      }
    }
  });

  it('refuses the chat to an incomplete profile and to a minor', async () => {
    const full = await adult(t.app, t.database);
    const ok = await t.app.inject({ method: 'GET', url: '/api/chat/conversations', headers: full.headers });
    expect(ok.statusCode).toBe(200);
    for (const [who, code] of [
      [await incomplete(), 'PROFILE_INCOMPLETE'],
      [await minor(), 'ADULTS_ONLY'],
    ] as const) {
      for (const [method, path, payload] of [
        ['GET', '/api/chat/conversations', undefined],
        ['POST', '/api/chat/conversations', { userId: full.id }],
      ] as const) {
        const res = await t.app.inject({ method, url: path, headers: who.headers, payload });
        expect(res.statusCode, `${code} ${method} ${path}`).toBe(403);
        expect(res.json().code).toBe(code);
      }
    }
  });

  it('does not let an incomplete profile watch the live map over the socket', async () => {
    const area = { lat: MOSCOW.lat, lng: MOSCOW.lng, radius: 2000 };
    const full = await online(url, await adult(t.app, t.database));
    const partial = await online(url, await incomplete());
    sockets.push(full, partial);
    expect(await watch(full, area)).toBe(true);
    expect(await watch(partial, area)).toBe(false);
    // Stopping is always allowed.
    expect(await watch(partial, null)).toBe(true);
  });
});
