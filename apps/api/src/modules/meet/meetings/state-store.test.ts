import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRedisUrl } from '../../../../test/services';
import { ALICE, BOB, walkingTogether } from '../../../../test/kits/detector-tracks';
import { createStateStore } from './create-state-store';
import type { StateStore } from './state-store';
import { MemoryStateStore } from './memory-state-store';
import { RedisStateStore } from './redis-state-store';
import { ingestIntoPair, type PairIngest, type PairRecord } from './ingest';
import { pairOf } from './pair';

/** The same behaviour in process and on Redis: the meeting ingest may run on either. */
const url = await testRedisUrl();
const runId = `test:meetings:${randomUUID()}`;
let redis: Redis | undefined;
let counter = 0;

beforeAll(() => {
  if (url) redis = new Redis(url, { maxRetriesPerRequest: 2 });
});
afterAll(async () => {
  if (!redis) return;
  const keys = await redis.keys(`${runId}:*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

const stores: { name: string; make: () => StateStore; skip: boolean }[] = [
  { name: 'in process', make: () => new MemoryStateStore(), skip: false },
  {
    name: 'on Redis',
    make: () => new RedisStateStore({ redis: redis!, keyPrefix: `${runId}:${++counter}` }),
    skip: !url,
  },
];

describe.each(stores)('state store ($name)', ({ make, skip }) => {
  it.skipIf(skip)('reads back what it wrote, deletes, and writes nothing when told so', async () => {
    const store = make();
    expect(await store.get('k', 0)).toBeNull();
    expect(
      await store.update<{ n: number }, string>('k', 0, (v) => ({
        result: `saw ${v}`,
        write: { value: { n: 1 }, ttlMs: 1000 },
      })),
    ).toBe('saw null');
    expect(await store.get('k', 10)).toEqual({ n: 1 });
    expect(await store.update<{ n: number }, number>('k', 20, (v) => ({ result: v!.n }))).toBe(1);
    await store.delete('k');
    expect(await store.get('k', 30)).toBeNull();
    await store.update('k', 30, () => ({ result: null, write: { value: { n: 2 }, ttlMs: 1000 } }));
    await store.update('k', 40, () => ({ result: null, write: { value: null, ttlMs: 0 } }));
    expect(await store.get('k', 50)).toBeNull();
    await store.close();
  });

  it.skipIf(skip)('expires on the caller’s clock, not the wall clock', async () => {
    const store = make();
    const now = 1_000_000_000;
    await store.update('k', now, () => ({ result: null, write: { value: 'x', ttlMs: 60_000 } }));
    expect(await store.get('k', now + 59_999)).toBe('x');
    expect(await store.get('k', now + 60_000)).toBeNull();
    // An expired value reads as absent to an update as well.
    expect(await store.update('k', now + 70_000, (v) => ({ result: v }))).toBeNull();
    await store.close();
  });

  it.skipIf(skip)('applies concurrent updates of one key one after another (no lost update)', async () => {
    const store = make();
    await Promise.all(
      Array.from({ length: 40 }, () =>
        store.update<number, void>('counter', 0, (v) => ({
          result: undefined,
          write: { value: (v ?? 0) + 1, ttlMs: 60_000 },
        })),
      ),
    );
    expect(await store.get('counter', 0)).toBe(40);
    await store.close();
  });

  it.skipIf(skip)('lets exactly one of two concurrent ingests complete a meeting', async () => {
    const store = make();
    const pair = pairOf(ALICE, BOB);
    const fixes = walkingTogether(7).fixes;
    let justMet = 0;
    // Replay the track with every fix sent twice at once, as two API processes receiving retries.
    for (const fix of fixes) {
      const incoming = { lat: fix.lat, lng: fix.lng, accuracy: fix.accuracy, at: fix.timestamp };
      const results = await Promise.all(
        [0, 1].map(() =>
          store.update<PairRecord, PairIngest>('pair', fix.timestamp, (cur) =>
            ingestIntoPair(cur, pair, fix.userId, incoming, fix.timestamp),
          ),
        ),
      );
      justMet += results.filter((r) => r.justMet).length;
      expect(results.filter((r) => r.verdict === 'fresh').length).toBeLessThanOrEqual(1);
    }
    expect(justMet).toBe(1);
    expect((await store.get<PairRecord>('pair', fixes.at(-1)!.timestamp))!.state.fixes).toEqual([null, null]);
    await store.close();
  });
});

describe('MemoryStateStore', () => {
  it('really drops expired entries (positions do not linger in memory)', async () => {
    const store = new MemoryStateStore();
    for (let i = 0; i < 10; i++)
      await store.update(`k${i}`, 0, () => ({ result: null, write: { value: i, ttlMs: 1000 } }));
    expect(store.size()).toBe(10);
    store.sweep(1000);
    expect(store.size()).toBe(0);
  });

  it('is what the app uses without Redis', () => {
    expect(createStateStore()).toBeInstanceOf(MemoryStateStore);
  });
});

describe.skipIf(!url)('RedisStateStore', () => {
  it('shares state between processes: a process never decides on what it remembers when another wrote since', async () => {
    const keyPrefix = `${runId}:two`;
    const [a, b] = [
      new RedisStateStore({ redis: redis!, keyPrefix }),
      new RedisStateStore({ redis: redis!, keyPrefix }),
    ];
    const add = (store: RedisStateStore, n: number) =>
      store.update<number[], number[]>('list', 0, (v) => {
        const next = [...(v ?? []), n];
        return { result: next, write: { value: next, ttlMs: 60_000 } };
      });
    await add(a, 1);
    await add(b, 2);
    expect(await add(a, 3)).toEqual([1, 2, 3]);
    // Read-only decisions too: a remembers [1, 2, 3], b has written since.
    await add(b, 4);
    expect(await a.update<number[], number[] | null>('list', 0, (v) => ({ result: v }))).toEqual([1, 2, 3, 4]);
    await Promise.all(Array.from({ length: 30 }, (_, i) => add(i % 2 ? a : b, 10 + i)));
    expect(await a.get<number[]>('list', 0)).toHaveLength(34);
    await b.delete('list');
    expect(await add(a, 99)).toEqual([99]);
  });

  it('gives Redis a real time to live, and reloads its script when Redis lost it', async () => {
    const store = new RedisStateStore({ redis: redis!, keyPrefix: `${runId}:ttl` });
    await store.update('k', 0, () => ({ result: null, write: { value: 1, ttlMs: 120_000 } }));
    const ttl = await redis!.pttl(`${runId}:ttl:k`);
    expect(ttl).toBeGreaterThan(100_000);
    expect(ttl).toBeLessThanOrEqual(120_000);
    // A SHA Redis does not know stands in for a flushed script cache (a real FLUSH would disturb
    // other suites sharing this Redis).
    (store as unknown as { scriptSha: string }).scriptSha = '0'.repeat(40);
    await store.update<number, void>('k', 0, (v) => ({ result: undefined, write: { value: v! + 1, ttlMs: 1000 } }));
    expect(await store.get('k', 0)).toBe(2);
  });
});
