import crypto from 'node:crypto';
import type { Redis } from 'ioredis';
import type { StateChange, StateStore } from './state-store';

export interface RedisStateStoreOptions {
  /** The app's connection (left open on close()). */
  redis: Redis;
  /** Keeps deployments and tests sharing one Redis apart. */
  keyPrefix?: string;
}

/**
 * Compare-and-set of one entry: writes only if the version (unique per write) is still the one the caller read, so
 * a decision taken on an old value never overwrites a newer one (the caller then decides again).
 * KEYS: the entry. ARGV: expected version ('' = absent), new version, logical expiry, JSON ('' =
 * delete), time to live in ms.
 */
const CAS_SCRIPT = `
local current = redis.call('HGET', KEYS[1], 'v')
if (current or '') ~= ARGV[1] then return 0 end
if ARGV[4] == '' then
  redis.call('DEL', KEYS[1])
  return 1
end
redis.call('HSET', KEYS[1], 'v', ARGV[2], 'e', ARGV[3], 'd', ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1
`;
const CAS_SHA = crypto.createHash('sha1').update(CAS_SCRIPT).digest('hex');

/** Attempts of one update before giving up; contention on one pair is two phones, so a few do. */
const MAX_ATTEMPTS = 50;
/** Entries this process last wrote, remembered to skip the read before the next write. */
const CACHE_LIMIT = 100_000;

interface Known {
  version: string;
  value: unknown;
  /** Logical expiry. */
  expiresAt: number;
}

/**
 * The store on Redis (REDIS_URL): one hash per entry, `v` (version), `e` (logical expiry on the
 * app's clock) and `d` (the JSON value), with a real TTL as well so Redis itself forgets idle
 * positions. Optimistic concurrency instead of locks: a read, a pure decision, a scripted
 * compare-and-set, and a retry when another process won. The process remembers what it wrote
 * last, so the usual case (both phones of a pair answered by this process) is one round trip per
 * fix: the compare-and-set on the remembered version; a stale memory only costs a read and a retry.
 */
export class RedisStateStore implements StateStore {
  private readonly redis: Redis;
  private readonly prefix: string;
  private scriptSha = CAS_SHA;
  private readonly known = new Map<string, Known>();
  /** This store among all writers (processes, and instances within one). */
  private readonly writer = crypto.randomBytes(6).toString('base64url');
  private writes = 0;

  constructor(options: RedisStateStoreOptions) {
    this.redis = options.redis;
    this.prefix = options.keyPrefix ?? 'meet:meetings';
  }

  /** Always from Redis: another process may have written since. */
  async get<T>(key: string, now: number): Promise<T | null> {
    return (await this.read<T>(key, now)).value;
  }

  async update<T, R>(key: string, now: number, change: (current: T | null) => StateChange<T, R>): Promise<R> {
    for (let attempt = 1; ; attempt++) {
      const remembered = attempt === 1 ? this.known.get(key) : undefined;
      const { version, value } = remembered
        ? { version: remembered.version, value: remembered.expiresAt > now ? (remembered.value as T) : null }
        : await this.read<T>(key, now);
      const { result, write } = change(value);
      // A decision to leave things as they are is only trusted on what Redis holds now.
      if (!write && remembered) continue;
      if (!write) return result;
      // Unique across processes and writes, not a counter that a delete resets: a remembered
      // version can never match a different value (no ABA).
      const next = `${this.writer}:${(this.writes++).toString(36)}`;
      const json = write.value === null ? '' : JSON.stringify(write.value);
      const ttl = Math.max(1, Math.ceil(write.ttlMs));
      const expiresAt = now + write.ttlMs;
      const done = await this.cas(this.redisKey(key), [version, next, String(expiresAt), json, String(ttl)]);
      if (done) {
        this.remember(key, write.value === null ? null : { version: next, value: write.value, expiresAt });
        return result;
      }
      this.known.delete(key);
      // The memory was stale: read, decide again, right away.
      if (remembered) continue;
      if (attempt >= MAX_ATTEMPTS) throw new Error(`state store: too much contention on ${key}`);
      // Someone else wrote in between; after a few quick retries, step aside for a moment.
      if (attempt > 3) await new Promise((resolve) => setTimeout(resolve, Math.random() * attempt));
    }
  }

  async delete(key: string): Promise<void> {
    this.known.delete(key);
    await this.redis.del(this.redisKey(key));
  }

  async close(): Promise<void> {
    // The connection belongs to the app.
  }

  private remember(key: string, known: Known | null) {
    this.known.delete(key);
    if (!known) return;
    // Oldest first out: a Map iterates in insertion order.
    if (this.known.size >= CACHE_LIMIT) this.known.delete(this.known.keys().next().value!);
    this.known.set(key, known);
  }

  private redisKey(key: string) {
    return `${this.prefix}:${key}`;
  }

  private async read<T>(key: string, now: number): Promise<{ version: string; value: T | null }> {
    const [version, expiresAt, json] = await this.redis.hmget(this.redisKey(key), 'v', 'e', 'd');
    if (!version) return { version: '', value: null };
    const live = json && Number(expiresAt) > now;
    return { version, value: live ? (JSON.parse(json) as T) : null };
  }

  private async cas(key: string, args: string[]): Promise<boolean> {
    try {
      return (await this.redis.evalsha(this.scriptSha, 1, key, ...args)) === 1;
    } catch (error) {
      // Redis restarted or flushed its script cache: send the script itself, which caches it again.
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      const done = (await this.redis.eval(CAS_SCRIPT, 1, key, ...args)) === 1;
      this.scriptSha = CAS_SHA;
      return done;
    }
  }
}
