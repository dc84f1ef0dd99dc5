import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { testRedisUrl } from '../../../../test/services';
import { createNearbyIndex } from './create-nearby-index';
import { MemoryNearbyIndex } from './memory-nearby-index';
import { RedisNearbyIndex } from './redis-nearby-index';

const url = await testRedisUrl();

describe('createNearbyIndex', () => {
  it('keeps hands in process without Redis', () => {
    expect(createNearbyIndex()).toBeInstanceOf(MemoryNearbyIndex);
  });

  it.skipIf(!url)('uses Redis GEO when the app has a Redis connection', async () => {
    const redis = new Redis(url!);
    const index = createNearbyIndex({ redis, keyPrefix: `test:nearby:create:${process.pid}` });
    expect(index).toBeInstanceOf(RedisNearbyIndex);
    await index.upsert(1, 1, 1);
    expect(await index.has(1)).toBe(true);
    await index.remove(1);
    await index.close();
    await redis.quit();
  });
});
