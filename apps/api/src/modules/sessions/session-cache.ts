import { LRUCache } from 'lru-cache';
import type { Role } from '@app/shared/constants';

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

/** What invalidates cached sessions: some sessions by id, every session of some users, or all. */
export interface SessionChange {
  sessions?: string[];
  users?: number[];
  all?: boolean;
}

/**
 * The session rows this process read lately (decision 033), so an authenticated request does not
 * read its session on every request. A short TTL is only the safety net: every change that ends a
 * session or touches its user's role, block or second factor drops the rows at once (`forget`),
 * here and, through Redis, in every other process.
 *
 * A read that began before a `forget` must not put back what it read, since it may have read the
 * row as it was before the change: `mark()` before the read, `set(..., mark)` after it, and the
 * row is kept only if nothing was forgotten in between. While `suspend`ed (its process cannot hear
 * the other processes' changes) it keeps nothing.
 */
export function createSessionCache(options: { ttlMs: number; max?: number }) {
  const enabled = options.ttlMs > 0;
  const rows = new LRUCache<string, SessionState>({ max: options.max ?? 10_000, ttl: Math.max(1, options.ttlMs) });
  /** Bumped by every forget: a read that saw another value may hold a row older than the change. */
  let generation = 0;
  let suspended = false;

  const cache = {
    enabled,
    get: (sessionId: string): SessionState | undefined => (enabled ? rows.get(sessionId) : undefined),
    mark: () => generation,
    set(sessionId: string, state: SessionState, mark: number): void {
      if (enabled && !suspended && mark === generation) rows.set(sessionId, state);
    },
    forget(change: SessionChange): void {
      generation += 1;
      if (change.all) return rows.clear();
      for (const id of change.sessions ?? []) rows.delete(id);
      if (!change.users?.length) return;
      const users = new Set(change.users);
      const gone = [...rows.entries()].filter(([, state]) => users.has(state.userId)).map(([id]) => id);
      for (const id of gone) rows.delete(id);
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
    get size() {
      return rows.size;
    },
  };
  return cache;
}

export type SessionCache = ReturnType<typeof createSessionCache>;
