import { Redis } from 'ioredis';
import {
  admitUpdate,
  assertUserId,
  checkQuery,
  indexPosition,
  type MovementGuard,
  type NearOptions,
  type NearbyHit,
  type NearbyIndex,
  type NearbyIndexOptions,
  type PositionMeta,
  type TrackedPosition,
} from './nearby-index';

export interface RedisNearbyIndexOptions extends NearbyIndexOptions {
  /** A connection to share (stays open on close()), or a URL to open one of our own. */
  redis: Redis | string;
  /** Prefix of both keys, so tests and deployments sharing a Redis do not collide. */
  keyPrefix?: string;
}

/**
 * Writes a position only if the last stored one is still what upsert() read before asking the
 * movement guard: a compare-and-set, so a hand lowered (or a newer fix stored) by another process
 * meanwhile is never overwritten by this older decision.
 * KEYS: geo set, last-position hash. ARGV: member, expected last ('' = none), new last, lng, lat, ghost.
 */
const UPSERT_SCRIPT = `
local current = redis.call('HGET', KEYS[2], ARGV[1])
if (current or '') ~= ARGV[2] then return 0 end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[3])
if ARGV[6] == '1' then
  redis.call('ZREM', KEYS[1], ARGV[1])
else
  redis.call('GEOADD', KEYS[1], ARGV[4], ARGV[5], ARGV[1])
end
return 1
`;

/** GEOSEARCH ... WITHCOORD WITHDIST: member, distance, [lng, lat]. */
type GeoRow = [string, string, [string, string]];

/** First circle of a widening search, and how much its radius grows per round trip. */
const FIRST_REACH_METERS = 1_500;
const REACH_GROWTH = 2;

/**
 * Nearby index on Redis GEO, shared by every API process (used when REDIS_URL is set).
 * `<prefix>:geo` is the GEO set of visible users (GEOSEARCH answers near()); `<prefix>:last`
 * holds each tracked user's last fix "lat lng at [accuracy]" for the ordering rule and the
 * movement guard, ghosts included.
 */
export class RedisNearbyIndex implements NearbyIndex {
  private readonly redis: Redis;
  private readonly ownsConnection: boolean;
  private readonly geoKey: string;
  private readonly lastKey: string;
  private readonly guard: MovementGuard | undefined;
  private scriptSha: string | undefined;

  constructor(options: RedisNearbyIndexOptions) {
    this.ownsConnection = typeof options.redis === 'string';
    this.redis =
      typeof options.redis === 'string'
        ? new Redis(options.redis, { maxRetriesPerRequest: 2, connectTimeout: 5000 })
        : options.redis;
    const prefix = options.keyPrefix ?? 'meet:nearby';
    this.geoKey = `${prefix}:geo`;
    this.lastKey = `${prefix}:last`;
    this.guard = options.movementGuard;
  }

  async upsert(userId: number, lat: number, lng: number, meta?: PositionMeta): Promise<boolean> {
    assertUserId(userId);
    const next = indexPosition(lat, lng, meta);
    const member = String(userId);
    const stored = (await this.redis.hget(this.lastKey, member)) ?? '';
    if (!(await admitUpdate(this.guard, userId, parseLast(stored), next))) return false;
    const written = await this.evalUpsert([
      member,
      stored,
      formatLast(next),
      String(next.lng),
      String(next.lat),
      next.ghost ? '1' : '0',
    ]);
    return written === 1;
  }

  async remove(userId: number): Promise<boolean> {
    const member = String(userId);
    const [[, zrem], [, hdel]] = (await this.redis
      .multi()
      .zrem(this.geoKey, member)
      .hdel(this.lastKey, member)
      .exec()) as [[Error | null, number], [Error | null, number]];
    return zrem + hdel > 0;
  }

  async has(userId: number): Promise<boolean> {
    return (await this.redis.zscore(this.geoKey, String(userId))) !== null;
  }

  async size(): Promise<number> {
    return this.redis.zcard(this.geoKey);
  }

  async close(): Promise<void> {
    if (this.ownsConnection) await this.redis.quit().catch(() => this.redis.disconnect());
  }

  async near(lat: number, lng: number, radiusMeters: number, options?: NearOptions): Promise<NearbyHit[]> {
    const query = checkQuery(lat, lng, radiusMeters, options);
    // Excluded users may take places in COUNT, so ask for that many more and drop them here.
    const count = query.limit + query.exclude.size;
    // GEOSEARCH collects and sorts every member inside the radius before COUNT applies: 40,000
    // hands in a 25 km city circle cost tens of milliseconds. Searching a small circle first and
    // doubling it only while it holds fewer than COUNT keeps a dense city fast (the nearest COUNT
    // of a smaller circle are the nearest COUNT of the whole radius); a sparse area pays a few
    // cheap round trips instead.
    let rows: GeoRow[];
    for (
      let reach = Math.min(query.radiusMeters, FIRST_REACH_METERS);
      ;
      reach = Math.min(query.radiusMeters, reach * REACH_GROWTH)
    ) {
      rows = await this.search(query.lng, query.lat, reach, count);
      if (rows.length >= count || reach >= query.radiusMeters) break;
    }
    const hits: NearbyHit[] = [];
    for (const [member, dist, [hitLng, hitLat]] of rows) {
      const userId = Number(member);
      if (query.exclude.has(userId)) continue;
      hits.push({ userId, distanceMeters: Number(dist), lat: Number(hitLat), lng: Number(hitLng) });
      if (hits.length === query.limit) break;
    }
    return hits;
  }

  private async search(lng: number, lat: number, radiusMeters: number, count: number): Promise<GeoRow[]> {
    return (await this.redis.geosearch(
      this.geoKey,
      'FROMLONLAT',
      lng,
      lat,
      'BYRADIUS',
      radiusMeters,
      'm',
      'ASC',
      'COUNT',
      count,
      'WITHCOORD',
      'WITHDIST',
    )) as GeoRow[];
  }

  /** EVALSHA with the script loaded once per connection (NOSCRIPT after a Redis restart reloads). */
  private async evalUpsert(args: string[]): Promise<number> {
    this.scriptSha ??= (await this.redis.script('LOAD', UPSERT_SCRIPT)) as string;
    try {
      return (await this.redis.evalsha(this.scriptSha, 2, this.geoKey, this.lastKey, ...args)) as number;
    } catch (error) {
      if (!String(error).includes('NOSCRIPT')) throw error;
      this.scriptSha = undefined;
      return (await this.redis.eval(UPSERT_SCRIPT, 2, this.geoKey, this.lastKey, ...args)) as number;
    }
  }
}

function formatLast(p: TrackedPosition): string {
  return p.accuracyMeters === undefined ? `${p.lat} ${p.lng} ${p.at}` : `${p.lat} ${p.lng} ${p.at} ${p.accuracyMeters}`;
}

function parseLast(stored: string): TrackedPosition | undefined {
  if (!stored) return undefined;
  const [lat, lng, at, accuracy] = stored.split(' ').map(Number);
  return { lat: lat!, lng: lng!, at: at!, ...(accuracy === undefined ? {} : { accuracyMeters: accuracy }) };
}
