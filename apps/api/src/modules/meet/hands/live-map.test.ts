import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { HandCard } from '@app/shared/schemas/meet';
import { chatBlocks, hands } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../../test/app';
import { distanceMeters } from '../nearby/geo';
import { snapToGrid } from '../nearby/privacy';
import {
  adult,
  away,
  call,
  leaks,
  listen,
  MOSCOW,
  next,
  online,
  raise,
  record,
  settled,
  watch,
  type ClientSocket,
  type TestUser,
} from '../../../../test/kits/hands';

/**
 * The live map over the socket: a watcher hears about hands in its circle as it may see them
 * (hand:update), and loses them when they are lowered, expire, go ghost or move away (hand:remove);
 * nothing outside its circle, never its own hand, never across a block.
 */

let t: TestApp;
let url: string;
const sockets: ClientSocket[] = [];
let townNo = 0;
/** Each test in its own town, far from the others. */
const town = () => away(MOSCOW, (++townNo * 53) % 360, 300_000 + townNo * 70_000);

beforeAll(async () => {
  t = await createTestApp({ env: { CLOCK_CONTROL: 'true', RATE_LIMIT_MAX: '100000' } });
  url = await listen(t.app);
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await t?.close();
});

const user = () => adult(t.app, t.database);
async function watcher(
  at: { lat: number; lng: number },
  radius = 5_000,
): Promise<{ who: TestUser; socket: ClientSocket }> {
  const who = await user();
  const socket = await online(url, who);
  sockets.push(socket);
  expect(await watch(socket, { lat: at.lat, lng: at.lng, radius })).toBe(true);
  return { who, socket };
}
const stored = async (userId: number) => (await t.database.db.select().from(hands).where(eq(hands.userId, userId)))[0]!;

describe('live map', () => {
  it('sends a raised hand to a watcher in reach as that viewer sees it, and nothing to one far away', async () => {
    const here = town();
    const near = await watcher(here);
    const other = await watcher(away(here, 0, 1_500));
    const far = await watcher(away(here, 90, 30_000));
    const farSeen = record(far.socket, 'hand:update');
    const anna = await user();
    const at = away(here, 45, 700.123456);
    const gotNear = next(near.socket, 'hand:update', (card) => card.userId === anna.id);
    const gotOther = next(other.socket, 'hand:update', (card) => card.userId === anna.id);
    await raise(t.app, anna, at, { mood: 'romantic', note: 'walk?' });
    const [cardNear, cardOther] = [await gotNear, await gotOther];
    expect(cardNear).toMatchObject({
      userId: anna.id,
      mood: 'romantic',
      note: 'walk?',
      firstName: 'Anna',
      verified: false,
      levels: [],
    });
    // The same card the list gives that viewer at that place, offset per viewer.
    const listed = await call<HandCard>(t.app, 'GET', `/hands/${anna.id}?lat=${here.lat}&lng=${here.lng}`, near.who);
    expect(cardNear).toEqual(listed.body);
    expect(cardOther.position).not.toEqual(cardNear.position);
    const exact = await stored(anna.id);
    expect(leaks(cardNear, exact)).toBe(false);
    expect(leaks(cardOther, exact)).toBe(false);
    await settled(far.socket);
    expect(farSeen).toEqual([]);
  });

  it('never sends a user their own hand, and nothing across a block either way', async () => {
    const here = town();
    const self = await watcher(here);
    const blocker = await watcher(here);
    const blockedOne = await watcher(here);
    const bystander = await watcher(here);
    const seen = [self, blocker, blockedOne].map((w) => ({
      updates: record(w.socket, 'hand:update'),
      removes: record(w.socket, 'hand:remove'),
    }));
    await t.database.db.insert(chatBlocks).values([
      { blockerId: blocker.who.id, blockedId: self.who.id },
      { blockerId: self.who.id, blockedId: blockedOne.who.id },
    ]);
    const arrived = next(bystander.socket, 'hand:update', (card) => card.userId === self.who.id);
    await raise(t.app, self.who, away(here, 10, 400));
    await arrived;
    const removed = next(bystander.socket, 'hand:remove', (r) => r.userId === self.who.id);
    await call(t.app, 'DELETE', '/hand', self.who);
    await removed;
    for (const w of [self, blocker, blockedOne]) await settled(w.socket);
    for (const s of seen) {
      expect(s.updates.filter((c) => c.userId === self.who.id)).toEqual([]);
      expect(s.removes.filter((r) => r.userId === self.who.id)).toEqual([]);
    }
  });

  it('sends hand:remove when a hand is lowered, expires, or goes ghost (and the card again when it comes back)', async () => {
    const here = town();
    const w = await watcher(here);
    const [lowered, expiring, ghost] = [await user(), await user(), await user()];
    for (const [i, who] of [lowered, expiring, ghost].entries()) {
      const up = next(w.socket, 'hand:update', (card) => card.userId === who.id);
      await raise(t.app, who, away(here, i * 120, 500), { durationHours: who === expiring ? 1 : 3 });
      await up;
    }
    let gone = next(w.socket, 'hand:remove', (r) => r.userId === lowered.id);
    await call(t.app, 'DELETE', '/hand', lowered);
    expect(await gone).toEqual({ userId: lowered.id });

    gone = next(w.socket, 'hand:remove', (r) => r.userId === expiring.id);
    t.services.clock.advance(3_600_001);
    await t.services.meetHands.sweep();
    expect(await gone).toEqual({ userId: expiring.id });

    gone = next(w.socket, 'hand:remove', (r) => r.userId === ghost.id);
    await call(t.app, 'PUT', '/ghost', ghost, { ghost: true });
    expect(await gone).toEqual({ userId: ghost.id });
    const back = next(w.socket, 'hand:update', (card) => card.userId === ghost.id);
    await call(t.app, 'PUT', '/ghost', ghost, { ghost: false });
    expect((await back).userId).toBe(ghost.id);
  });

  it('follows a moving hand: new cell, new point; moving out of the circle removes it; inside its cell, silence', async () => {
    const here = town();
    const w = await watcher(here, 2_000);
    const updates = record(w.socket, 'hand:update');
    const anna = await user();
    const start = away(here, 0, 300);
    const first = next(w.socket, 'hand:update', (card) => card.userId === anna.id);
    await raise(t.app, anna, start);
    const shownFirst = (await first).position;

    // A few metres inside the same cell: nobody can see a difference, so nothing is sent.
    const cell = snapToGrid(start.lat, start.lng);
    const sameCell = { lat: cell.lat + cell.latStep * 0.1, lng: cell.lng - cell.lngStep * 0.1 };
    t.services.clock.advance(30_000);
    expect((await call(t.app, 'POST', '/position', anna, sameCell)).body).toEqual({ accepted: true });
    await settled(w.socket);
    expect(updates.filter((c) => c.userId === anna.id)).toHaveLength(1);

    // To another cell inside the circle: the new shown point.
    const onward = away(here, 90, 900);
    const moved = next(w.socket, 'hand:update', (card) => card.userId === anna.id);
    t.services.clock.advance(60_000);
    expect((await call(t.app, 'POST', '/position', anna, onward)).body).toEqual({ accepted: true });
    const shownMoved = (await moved).position;
    expect(shownMoved).not.toEqual(shownFirst);
    expect(distanceMeters(shownMoved, onward)).toBeLessThan(150);

    // Out of the circle: removed for this watcher.
    const gone = next(w.socket, 'hand:remove', (r) => r.userId === anna.id);
    t.services.clock.advance(5 * 60_000);
    expect((await call(t.app, 'POST', '/position', anna, away(here, 90, 6_000))).body).toEqual({ accepted: true });
    expect(await gone).toEqual({ userId: anna.id });
  });

  it('refuses a bad area without changing the watch, moves the area, and stops with null', async () => {
    const here = town();
    const elsewhere = away(here, 180, 40_000);
    const w = await watcher(here);
    const seen = record(w.socket, 'hand:update');
    for (const bad of [
      { lat: 100, lng: 0, radius: 1000 },
      { lat: 1, lng: 1, radius: 10 },
      { lat: 1, lng: 1, radius: 1e9 },
      'here',
      { lat: 1 },
    ]) {
      expect(await watch(w.socket, bad as never)).toBe(false);
    }
    // Still watching `here`.
    const a = await user();
    const got = next(w.socket, 'hand:update', (card) => card.userId === a.id);
    await raise(t.app, a, away(here, 0, 100));
    await got;

    expect(await watch(w.socket, { lat: elsewhere.lat, lng: elsewhere.lng, radius: 3_000 })).toBe(true);
    const [b, c] = [await user(), await user()];
    const gotB = next(w.socket, 'hand:update', (card) => card.userId === b.id);
    await raise(t.app, b, away(elsewhere, 0, 100));
    await raise(t.app, c, away(here, 0, 200));
    await gotB;
    await settled(w.socket);
    expect(seen.map((card) => card.userId)).not.toContain(c.id);

    expect(await watch(w.socket, null)).toBe(true);
    const d = await user();
    await raise(t.app, d, away(elsewhere, 90, 100));
    await settled(w.socket);
    expect(seen.map((card) => card.userId)).not.toContain(d.id);
    expect(t.services.meetHands.hands.liveMap.size).toBeGreaterThan(0);
  });

  it('forgets a watcher when its socket goes', async () => {
    const before = t.services.meetHands.hands.liveMap.size;
    const w = await watcher(town());
    expect(t.services.meetHands.hands.liveMap.size).toBe(before + 1);
    w.socket.disconnect();
    await expect.poll(() => t.services.meetHands.hands.liveMap.size).toBe(before);
  });
});
