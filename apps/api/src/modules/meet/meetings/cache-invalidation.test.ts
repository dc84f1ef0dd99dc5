import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { chatBlocks, meetings, mintRestrictions, users } from '../../../db/schema';
import type { CacheChannel } from '../../../lib/cache-channel';
import { createClock } from '../../../lib/clock';
import type { CacheChange } from '../../../lib/people-cache';
import type { Realtime } from '../../../realtime/socket-server';
import { insertUser, testConfig } from '../../../../test/app';
import { createTestDatabase } from '../../../../test/database';
import { ALICE, walkingTogether } from '../../../../test/kits/detector-tracks';
import { MEET_CACHES, MEET_PEER_CACHES } from './caches';
import { createMeetingsModule, type MeetingsModule } from './index';
import { pairOf } from './pair';

/**
 * Which committed changes empty which of the meetings' caches (decision 037): the peer check every
 * fix asks depends on people and blocks only, so a meeting found, a token bought or a restriction
 * raised anywhere empties the view rows and leaves the checks of every other pair in memory; a
 * meeting the module itself records names its pair, and only that pair's view rows go.
 */
describe("the meetings' caches on the platform's channel", () => {
  let database: Database;
  let module: MeetingsModule;
  const said: CacheChange[] = [];
  const clock = createClock(true);

  beforeAll(async () => {
    database = await createTestDatabase();
    const channel: CacheChannel = {
      add: () => {},
      forget: async (change) => void said.push(change),
      start: async () => {},
      close: async () => {},
    };
    module = await createMeetingsModule({
      database,
      clock,
      config: testConfig(),
      codeSecret: 'meeting-codes-secret',
      cacheChannel: channel,
      realtime: { onSocket: () => {}, toUser: () => {} } as unknown as Realtime,
      resolveToken: async () => ({ id: 0 }),
      countCall: async () => {},
      log: { error: () => {}, warn: () => {}, info: () => {} } as never,
    });
  });
  afterAll(async () => {
    await module.close();
    await database.close();
  });
  beforeEach(() => void said.splice(0));

  const names = () => said.flatMap((change) => change.caches ?? []);

  it('a meeting or a restriction empties the view rows and keeps the peer checks', async () => {
    const [a, b] = [await insertUser(database), await insertUser(database)];
    await database.db.insert(meetings).values({ userLowId: a.id, userHighId: b.id, metAt: new Date() });
    await database.db
      .insert(mintRestrictions)
      .values({ userId: a.id, reason: 'shared_device', startedAt: new Date(), endsAt: new Date(Date.now() + 60_000) });
    expect(names()).toContain(MEET_CACHES);
    expect(names()).not.toContain(MEET_PEER_CACHES);
  });

  it("a meeting the detector finds drops that pair's view rows alone", async () => {
    const [a, b] = [await insertUser(database), await insertUser(database)];
    const pair = pairOf(a.id, b.id);
    const track = walkingTogether(7).fixes;
    let previous = track[0]!.timestamp;
    said.splice(0);
    for (const fix of track) {
      clock.advance(Math.max(0, fix.timestamp - previous));
      previous = Math.max(previous, fix.timestamp);
      const [from, to] = fix.userId === ALICE ? [a, b] : [b, a];
      await module.meetings.ingestFix(from.id, to.id, {
        lat: fix.lat,
        lng: fix.lng,
        accuracy: fix.accuracy,
        at: fix.timestamp,
      });
    }
    const found = await database.db
      .select()
      .from(meetings)
      .where(and(eq(meetings.userLowId, pair.low), eq(meetings.userHighId, pair.high)));
    expect(found).toHaveLength(1);
    expect(said).toEqual([{ rows: [{ cache: MEET_CACHES, users: [pair.low, pair.high] }] }]);
  });

  it('a block or a change of a person empties both', async () => {
    const [a, b] = [await insertUser(database), await insertUser(database)];
    said.splice(0);
    await database.db.insert(chatBlocks).values({ blockerId: a.id, blockedId: b.id });
    expect(said.at(-1)?.caches).toEqual(expect.arrayContaining([MEET_CACHES, MEET_PEER_CACHES]));
    said.splice(0);
    await database.db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, b.id));
    expect(said.at(-1)?.caches).toEqual(expect.arrayContaining([MEET_CACHES, MEET_PEER_CACHES]));
  });
});
