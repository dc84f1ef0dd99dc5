import type { Redis } from 'ioredis';
import { MemoryStateStore } from './memory-state-store';
import { RedisStateStore } from './redis-state-store';
import type { StateStore } from './state-store';

export interface CreateStateStoreOptions {
  /** The app's Redis command connection when REDIS_URL is set. */
  redis?: Redis;
  keyPrefix?: string;
}

/** Redis when the app has it (several processes ingest fixes), in process otherwise. */
export function createStateStore({ redis, keyPrefix }: CreateStateStoreOptions = {}): StateStore {
  return redis ? new RedisStateStore({ redis, ...(keyPrefix ? { keyPrefix } : {}) }) : new MemoryStateStore();
}
