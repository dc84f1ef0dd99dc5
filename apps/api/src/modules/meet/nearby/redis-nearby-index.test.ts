import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRedisUrl } from '../../../../test/services';
import { describeNearbyIndexContract } from '../../../../test/kits/nearby-index-contract';
import { RedisNearbyIndex } from './redis-nearby-index';

// The real Redis (REDIS_URL, else 127.0.0.1:6379); skipped only when none answers.
const url = await testRedisUrl();
const runId = `test:nearby:${randomUUID()}`;
let shared: Redis | undefined;
let counter = 0;

beforeAll(() => {
  if (url) shared = new Redis(url, { maxRetriesPerRequest: 2 });
});
afterAll(async () => {
  if (!shared) return;
  const keys = await shared.keys(`${runId}:*`);
  if (keys.length) await shared.del(...keys);
  await shared.quit();
});

// Each case gets its own key prefix: cases and parallel test files never see each other's users.
describeNearbyIndexContract(
  'redis',
  async (options) => new RedisNearbyIndex({ ...options, redis: shared!, keyPrefix: `${runId}:${++counter}` }),
  {
    skip: !url,
  },
);

describe.skipIf(!url)('RedisNearbyIndex', () => {
  it('shares one index between processes using the same prefix, and isolates other prefixes', async () => {
    const prefix = `${runId}:shared`;
    const a = new RedisNearbyIndex({ redis: url!, keyPrefix: prefix });
    const b = new RedisNearbyIndex({ redis: url!, keyPrefix: prefix });
    const other = new RedisNearbyIndex({ redis: shared!, keyPrefix: `${runId}:other` });
    try {
      await a.upsert(1, 55.75, 37.61);
      expect((await b.near(55.75, 37.61, 100)).map((h) => h.userId)).toEqual([1]);
      expect(await other.near(55.75, 37.61, 100)).toEqual([]);
      await b.remove(1);
      expect(await a.has(1)).toBe(false);
    } finally {
      await Promise.all([a.close(), b.close(), other.close()]);
    }
    expect(shared!.status).toBe('ready'); // a shared connection survives close()
  });

  it('does not let an update decided before a remove bring the hand back', async () => {
    let release!: () => void;
    const index = new RedisNearbyIndex({
      redis: shared!,
      keyPrefix: `${runId}:race`,
      movementGuard: () => new Promise<boolean>((resolve) => (release = () => resolve(true))),
    });
    await index.upsert(1, 10, 10, { at: 1 });
    const pending = index.upsert(1, 10.001, 10, { at: 2 });
    await new Promise((r) => setTimeout(r, 20));
    await index.remove(1);
    release();
    expect(await pending).toBe(false);
    expect(await index.has(1)).toBe(false);
    await index.close();
  });

  it('reloads its script when Redis has lost it (a restart or SCRIPT FLUSH)', async () => {
    const index = new RedisNearbyIndex({ redis: shared!, keyPrefix: `${runId}:noscript` });
    await index.upsert(1, 1, 1);
    // A SHA Redis does not know stands in for a flushed cache (a real FLUSH would disturb other
    // suites sharing this Redis).
    (index as unknown as { scriptSha: string }).scriptSha = '0'.repeat(40);
    expect(await index.upsert(2, 1, 1.001)).toBe(true);
    expect(await index.upsert(3, 1, 1.002)).toBe(true);
    expect(await index.size()).toBe(3);
    await index.close();
  });
});
