import { LRUCache } from 'lru-cache';

/**
 * What a committed change makes the per-process caches drop (decision 033): some sessions by id,
 * every row of some people, some people's rows in one cache (`rows`: a write that said whose rows
 * it changed, db/row-changes.ts), every row of the caches named (`profiles`, the /me answers;
 * `wallets`, decision 038; `meet`, decision 037), or everything.
 */
export interface CacheChange {
  sessions?: string[];
  users?: number[];
  rows?: { cache: string; users: number[] }[];
  caches?: string[];
  all?: boolean;
}

/** A cache the invalidation channel empties (cache-channel.ts). */
export interface PeopleCache {
  readonly enabled: boolean;
  forget(change: CacheChange): void;
  suspend(): void;
  resume(): void;
}

/** Whether `change` empties the whole of the cache named `name`. */
export const clearsCache = (change: CacheChange, name: string): boolean =>
  change.all === true || (change.caches?.includes(name) ?? false);

/** The people whose rows alone `change` drops from the cache named `name` (its `rows`). */
export function peopleDropped(change: CacheChange, name: string): Set<number> {
  const people = new Set<number>();
  for (const scoped of change.rows ?? []) if (scoped.cache === name) scoped.users.forEach((id) => people.add(id));
  return people;
}

/** Several changes as one message: what any of them drops. */
export function mergeChanges(changes: readonly CacheChange[]): CacheChange {
  if (changes.some((change) => change.all)) return { all: true };
  const union = <T>(values: T[]) => (values.length ? [...new Set(values)] : undefined);
  const rows = changes.flatMap((change) => change.rows ?? []);
  const merged: CacheChange = {
    sessions: union(changes.flatMap((change) => change.sessions ?? [])),
    users: union(changes.flatMap((change) => change.users ?? [])),
    rows: rows.length ? rows : undefined,
    caches: union(changes.flatMap((change) => change.caches ?? [])),
  };
  return Object.fromEntries(Object.entries(merged).filter(([, values]) => values)) as CacheChange;
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
  /** A change naming it (`caches`) drops every row. */
  name: string;
  ttlMs: number;
  max?: number;
  /** Whose row it is. */
  userOf: (value: V) => number;
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
    forget(change: CacheChange): void {
      generation += 1;
      if (clearsCache(change, options.name)) return rows.clear();
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
