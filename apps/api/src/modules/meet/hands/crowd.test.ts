import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { HandCard } from '@app/shared/schemas/meet';
import { hands, users } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../../test/app';
import {
  adult,
  away,
  call,
  leaks,
  listen,
  MOSCOW,
  online,
  raise,
  watch,
  type ClientSocket,
  type TestUser,
} from '../../../../test/kits/hands';

/**
 * 1,000 connected clients watching one area all receive a hand's update and its removal, each as
 * that viewer sees it (a correctness test: how fast is bench/fanout.ts's business).
 */

const CLIENTS = 1_000;
const BATCH = 100;

let t: TestApp;
let url: string;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MAX: '100000' } });
  url = await listen(t.app);
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await t?.close();
});

describe('a crowd on the live map', () => {
  it(
    `delivers one hand to ${CLIENTS.toLocaleString('en')} watching sockets, each with its own view`,
    { timeout: 180_000 },
    async () => {
      const here = away(MOSCOW, 200, 1_000);
      const rows = await t.database.db
        .insert(users)
        .values(
          // Complete adult profiles: the live map is only for those who may raise a hand.
          Array.from({ length: CLIENTS }, (_, i) => ({
            email: `crowd${i}-${crypto.randomBytes(4).toString('hex')}@example.com`,
            domain: `crowd${i}${crypto.randomBytes(4).toString('hex')}`,
            firstName: 'Crowd',
            lastName: 'Member',
            gender: 1,
            birthday: new Date(Date.UTC(1990, 2, 5)),
          })),
        )
        .returning({ id: users.id });
      const viewers: TestUser[] = await Promise.all(
        rows.map(async ({ id }) => {
          const token = await t.app.tokens.sign(id);
          return { id, token, headers: { authorization: `Bearer ${token}` } };
        }),
      );
      // Connect and watch in batches: a thousand handshakes at once would only measure the backlog.
      for (let first = 0; first < CLIENTS; first += BATCH) {
        const batch = await Promise.all(viewers.slice(first, first + BATCH).map((viewer) => online(url, viewer)));
        sockets.push(...batch);
        // Each watcher stands somewhere in a 3 km circle around the centre and looks 10 km around.
        const oks = await Promise.all(
          batch.map((socket, i) => {
            const at = away(here, ((first + i) * 137) % 360, ((first + i) % 30) * 100);
            return watch(socket, { lat: at.lat, lng: at.lng, radius: 10_000 });
          }),
        );
        expect(oks.every(Boolean)).toBe(true);
      }
      expect(t.services.meetHands.hands.liveMap.size).toBe(CLIENTS);

      const anna = await adult(t.app, t.database);
      const updates = sockets.map((socket) => new Promise<HandCard>((resolve) => socket.once('hand:update', resolve)));
      await raise(t.app, anna, away(here, 10, 250.987654), { mood: 'business' });
      const cards = await Promise.all(updates);
      expect(cards).toHaveLength(CLIENTS);
      expect(cards.every((card) => card.userId === anna.id && card.mood === 'business')).toBe(true);
      // Per-viewer offsets: practically every viewer sees its own point, none sees the truth.
      expect(new Set(cards.map((card) => `${card.position.lat},${card.position.lng}`)).size).toBeGreaterThan(
        CLIENTS * 0.95,
      );
      const [exact] = await t.database.db.select().from(hands).where(eq(hands.userId, anna.id));
      expect(cards.some((card) => leaks(card, exact!))).toBe(false);

      const removals = sockets.map(
        (socket) => new Promise<{ userId: number }>((resolve) => socket.once('hand:remove', resolve)),
      );
      await call(t.app, 'DELETE', '/hand', anna);
      expect((await Promise.all(removals)).every((removed) => removed.userId === anna.id)).toBe(true);
    },
  );
});
