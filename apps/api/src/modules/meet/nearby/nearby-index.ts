import { assertLatLng, clampIndexLatitude, wrapLongitude } from './geo';

/**
 * The index of users with a raised hand, queried by "who is near this point".
 *
 * Two implementations pass one contract (apps/api/test/kits/nearby-index-contract.ts):
 * memory-nearby-index.ts for a single process (the default, nothing to install) and
 * redis-nearby-index.ts when REDIS_URL is set, so every API process sees the same hands (docs
 * ARCHITECTURE.md, scale-out).
 *
 * Everything here is server-internal: positions and distances are exact. Only privacy.ts /
 * public-nearby.ts may turn them into something a client sees.
 */
export interface NearbyIndex {
  /**
   * Adds or moves a user. Resolves false when the update was ignored: older than the last one
   * stored (devices retry and batch, an old fix must not move the point back) or refused by the
   * movement guard. A ghost (`meta.ghost`) is tracked for the guard but never returned by near().
   */
  upsert(userId: number, lat: number, lng: number, meta?: PositionMeta): Promise<boolean>;
  /** Forgets the user entirely (hand lowered or expired). Resolves whether it was there. */
  remove(userId: number): Promise<boolean>;
  /** Visible users within radiusMeters of the point, nearest first, at most `limit`. */
  near(lat: number, lng: number, radiusMeters: number, options?: NearOptions): Promise<NearbyHit[]>;
  /** Whether near() can return the user (a ghost is not there). */
  has(userId: number): Promise<boolean>;
  /** How many users near() can return. */
  size(): Promise<number>;
  /** Releases what the index itself opened; a Redis client passed in stays open. */
  close(): Promise<void>;
}

export interface PositionMeta {
  /** When the device took the fix, epoch ms; defaults to now. */
  at?: number;
  /** Device-reported accuracy, handed to the movement guard (it may forgive jitter). */
  accuracyMeters?: number;
  /** Ghost mode: keep tracking, never show. */
  ghost?: boolean;
}

export interface NearOptions {
  /** At most this many hits (DEFAULT_NEAR_LIMIT, at most MAX_NEAR_LIMIT). */
  limit?: number;
  /** Never returned, e.g. the viewer and users they blocked. */
  excludeUserIds?: Iterable<number>;
}

/** Exact position and distance: internal only, never serialize this to a client. */
export interface NearbyHit {
  userId: number;
  distanceMeters: number;
  lat: number;
  lng: number;
}

export interface TrackedPosition {
  lat: number;
  lng: number;
  at: number;
  accuracyMeters?: number;
}

/**
 * Hook for the impossible-movement rule (../detector/impossible-movement.ts owns it: positions
 * moving faster than 300 m/s are ignored and flagged). Return false to ignore `to`; the guard
 * itself records the flag. Called only when a previous position is known.
 */
export type MovementGuard = (userId: number, from: TrackedPosition, to: TrackedPosition) => boolean | Promise<boolean>;

export interface NearbyIndexOptions {
  movementGuard?: MovementGuard;
}

export const DEFAULT_NEAR_LIMIT = 100;
export const MAX_NEAR_LIMIT = 10_000;

/** A checked, index-ready position: clamped to the latitudes both indexes can store. */
export function indexPosition(lat: number, lng: number, meta: PositionMeta = {}): TrackedPosition & { ghost: boolean } {
  assertLatLng(lat, lng);
  const at = meta.at ?? Date.now();
  if (!Number.isFinite(at)) throw new RangeError(`invalid fix time: ${at}`);
  return {
    lat: clampIndexLatitude(lat),
    lng: wrapLongitude(lng),
    at,
    ...(meta.accuracyMeters === undefined ? {} : { accuracyMeters: meta.accuracyMeters }),
    ghost: meta.ghost === true,
  };
}

export interface CheckedQuery {
  lat: number;
  lng: number;
  radiusMeters: number;
  limit: number;
  exclude: ReadonlySet<number>;
}

export function checkQuery(lat: number, lng: number, radiusMeters: number, options: NearOptions = {}): CheckedQuery {
  assertLatLng(lat, lng);
  if (!Number.isFinite(radiusMeters) || radiusMeters < 0) throw new RangeError(`invalid radius: ${radiusMeters}`);
  const limit = options.limit ?? DEFAULT_NEAR_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_NEAR_LIMIT) throw new RangeError(`invalid limit: ${limit}`);
  return {
    lat: clampIndexLatitude(lat),
    lng: wrapLongitude(lng),
    radiusMeters,
    limit,
    exclude: new Set(options.excludeUserIds ?? []),
  };
}

export function assertUserId(userId: number): void {
  if (!Number.isSafeInteger(userId)) throw new RangeError(`invalid user id: ${userId}`);
}

/**
 * The ordering rule and the movement hook, shared by both indexes so they cannot drift apart.
 * An equal time is accepted: a client sending two fixes in the same millisecond means the later.
 */
export async function admitUpdate(
  guard: MovementGuard | undefined,
  userId: number,
  previous: TrackedPosition | undefined,
  next: TrackedPosition,
): Promise<boolean> {
  if (!previous) return true;
  if (next.at < previous.at) return false;
  return guard ? (await guard(userId, previous, next)) === true : true;
}
