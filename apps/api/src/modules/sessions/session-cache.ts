import { LRUCache } from 'lru-cache';
import type { Role } from '@app/shared/constants';
import type { Me } from '@app/shared/schemas/user';

/** What the auth check needs of a session and its user: one row of sessions joined to users. */
export interface SessionState {
  userId: number;
  endedAt: Date | null;
  expiresAt: Date;
  lastSeenAt: Date;
  secondFactorAt: Date | null;
  role: Role;
  blockedAt: Date | null;
  deletedAt: Date | null;
}

/**
 * What invalidates cached rows: some sessions by id, everything of some people, every person's
 * profile (GET /api/user/me's row: any change to users or KYC applications), every wallet (GET
 * /api/crypto/wallet's answer: any change of money, tokens or the chain, decision 038), or all.
 */
export interface SessionChange {
  sessions?: string[];
  users?: number[];
  profiles?: boolean;
  wallets?: boolean;
  all?: boolean;
}

/** A cache the invalidation channel empties (session-invalidation.ts). */
export interface PeopleCache {
  readonly enabled: boolean;
  forget(change: SessionChange): void;
  suspend(): void;
  resume(): void;
}

/**
 * Rows of people this process read lately (decision 033), so a request does not read them again.
 * A short TTL is only the safety net: every change that touches what they hold drops them at once,
 * here and, through Redis, in every other process.
 *
 * A read that began before a `forget` must not put back what it read, since it may have read the
 * row as it was before the change: `mark()` before the read, `set(..., mark)` after it, and the
 * row is kept only if nothing was forgotten in between. While `suspend`ed (its process cannot hear
 * the other processes' changes) it keeps nothing.
 */
export function createPeopleCache<K extends string | number, V extends object>(options: {
  ttlMs: number;
  max?: number;
  /** Whose row it is. */
  userOf: (value: V) => number;
  /** Whether a change drops every row. */
  clears: (change: SessionChange) => boolean;
}) {
  const enabled = options.ttlMs > 0;
  const rows = new LRUCache<K, V>({ max: options.max ?? 10_000, ttl: Math.max(1, options.ttlMs) });
  /** Bumped by every forget: a read that saw another value may hold a row older than the change. */
  let generation = 0;
  let suspended = false;

  const cache = {
    enabled,
    get: (key: K): V | undefined => (enabled ? rows.get(key) : undefined),
    mark: () => generation,
    set(key: K, value: V, mark: number): void {
      if (enabled && !suspended && mark === generation) rows.set(key, value);
    },
    forget(change: SessionChange): void {
      generation += 1;
      if (change.all || options.clears(change)) return rows.clear();
      for (const id of change.sessions ?? []) rows.delete(id as K);
      if (!change.users?.length) return;
      const users = new Set(change.users);
      const gone = [...rows.entries()].filter(([, value]) => users.has(options.userOf(value))).map(([key]) => key);
      for (const key of gone) rows.delete(key);
    },
    /** Keeps nothing until `resume` (the invalidation channel is down). */
    suspend(): void {
      suspended = true;
      cache.forget({ all: true });
    },
    resume(): void {
      cache.forget({ all: true });
      suspended = false;
    },
    /** Whether it keeps nothing now (its process cannot hear the others' changes). */
    get suspended() {
      return suspended;
    },
    get size() {
      return rows.size;
    },
  };
  return cache satisfies PeopleCache;
}

/** Session rows by session id, for the auth check behind every request and socket. */
export const createSessionCache = (options: { ttlMs: number; max?: number }) =>
  createPeopleCache<string, SessionState>({ ...options, userOf: (state) => state.userId, clears: () => false });

/** GET /api/user/me's answer by user id; any change of users or KYC applications drops them all. */
export const createProfileCache = (options: { ttlMs: number; max?: number }) =>
  createPeopleCache<number, Me>({ ...options, userOf: (me) => me.id, clears: (change) => change.profiles === true });

export type SessionCache = ReturnType<typeof createSessionCache>;
export type ProfileCache = ReturnType<typeof createProfileCache>;
