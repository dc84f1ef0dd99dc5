import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { testRedisUrl } from '../../test/services';
import { until } from '../../test/until';
import { createCacheChannel } from './cache-channel';
import { createPeopleCache, mergeChanges, type CacheChange } from './people-cache';

/**
 * The platform's one cache channel (decision 039): every module's per-process caches join it, a
 * change drops what it names and nothing else, and the changes of one tick (one commit's row
 * listeners) reach the other processes as one message, answered once they all dropped the rows.
 */

const log = { warn: () => undefined, error: () => undefined };
const wallets = () =>
  createPeopleCache<number, { userId: number }>({ name: 'wallets', ttlMs: 60_000, userOf: (w) => w.userId });

describe('a change drops what it names', () => {
  it('merges changes into one that drops what any of them does', () => {
    expect(mergeChanges([{ sessions: ['a'] }, { users: [1, 2] }, { users: [2], caches: ['profiles'] }])).toEqual({
      sessions: ['a'],
      users: [1, 2],
      caches: ['profiles'],
    });
    expect(mergeChanges([{ caches: ['meet'] }, { all: true }])).toEqual({ all: true });
    expect(mergeChanges([{}, {}])).toEqual({});
  });

  it('empties a named cache whole, a person of it, or leaves it be', () => {
    const cache = wallets();
    const fill = () => [1, 2].forEach((userId) => cache.set(userId, { userId }, cache.mark()));
    fill();
    cache.forget({ caches: ['profiles'], sessions: ['s'] });
    expect(cache.size).toBe(2);
    cache.forget({ users: [1] });
    expect([cache.get(1), cache.get(2)]).toEqual([undefined, { userId: 2 }]);
    cache.forget({ caches: ['wallets'] });
    expect(cache.size).toBe(0);
  });
});

const redisUrl = await testRedisUrl();

describe.skipIf(!redisUrl)('the cache channel between two processes', () => {
  let redis: Redis;
  let watcher: Redis;
  beforeAll(() => {
    redis = new Redis(redisUrl!);
    watcher = new Redis(redisUrl!);
  });
  afterAll(() => {
    redis?.disconnect();
    watcher?.disconnect();
  });

  it("sends one commit's changes as one message, answered once the other process dropped them", async () => {
    const scope = `test-${crypto.randomBytes(6).toString('hex')}`;
    const [mine, theirs] = [wallets(), wallets()];
    const here = createCacheChannel({ redis, scope, log });
    const there = createCacheChannel({ redis, scope, log });
    here.add(mine);
    there.add(theirs);
    const heard: CacheChange[] = [];
    await watcher.subscribe(`caches:${scope}`);
    // A listener counts as a process: it answers, as the channel's own listeners do.
    watcher.on('message', (_channel, text: string) => {
      const message = JSON.parse(text) as CacheChange & { id: string; reply: string };
      heard.push(message);
      void redis.publish(message.reply, message.id);
    });
    try {
      await here.start();
      await there.start();
      for (const cache of [mine, theirs]) [1, 2, 3].forEach((userId) => cache.set(userId, { userId }, cache.mark()));

      // As a commit's row listeners call it: one after the other in the same tick.
      const sent = [here.forget({ users: [1] }), here.forget({ caches: ['profiles'] }), here.forget({ users: [2] })];
      // This process's own cache drops at once, before any message.
      expect([mine.get(1), mine.get(2), mine.get(3)]).toEqual([undefined, undefined, { userId: 3 }]);
      await Promise.all(sent);
      // Answered: the other process has dropped both people already.
      expect([theirs.get(1), theirs.get(2), theirs.get(3)]).toEqual([undefined, undefined, { userId: 3 }]);
      await until(() => heard.length > 0, 2_000, 'the message');
      // A later change is a message of its own.
      await here.forget({ caches: ['wallets'] });
      expect(theirs.size).toBe(0);
      await until(() => heard.length === 2, 2_000, 'the second message');
      expect(heard.map(({ users, caches, sessions, all }) => ({ users, caches, sessions, all }))).toEqual([
        { users: [1, 2], caches: ['profiles'], sessions: undefined, all: undefined },
        { users: undefined, caches: ['wallets'], sessions: undefined, all: undefined },
      ]);
    } finally {
      await watcher.unsubscribe();
      await here.close();
      await there.close();
    }
  });
});
