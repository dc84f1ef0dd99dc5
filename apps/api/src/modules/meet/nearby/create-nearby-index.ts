import type { Redis } from 'ioredis';
import { MemoryNearbyIndex } from './memory-nearby-index';
import type { NearbyIndex, NearbyIndexOptions } from './nearby-index';
import { RedisNearbyIndex } from './redis-nearby-index';

export interface CreateNearbyIndexOptions extends NearbyIndexOptions {
  /** The app's Redis command connection when REDIS_URL is set (lib/redis.ts `client`). */
  redis?: Redis;
  keyPrefix?: string;
}

/**
 * Redis GEO when the app runs with REDIS_URL (several processes must see the same hands), the
 * in-process grid otherwise (docs ARCHITECTURE.md, scale-out: one machine needs nothing installed).
 */
export function createNearbyIndex({ redis, keyPrefix, ...options }: CreateNearbyIndexOptions = {}): NearbyIndex {
  return redis
    ? new RedisNearbyIndex({ ...options, redis, ...(keyPrefix ? { keyPrefix } : {}) })
    : new MemoryNearbyIndex(options);
}
