import { clearsCache, peopleDropped, type CacheChange, type PeopleCache } from '../../../lib/people-cache';

/** The name a change gives to empty the meetings' caches (any change of a table they depend on). */
export const MEET_CACHES = 'meet';
/**
 * The peer checks' own name: they depend on people and blocks only, so a meeting found, a token
 * bought or a KYC decision anywhere (which empty the view rows) leave every fix's check in memory.
 */
export const MEET_PEER_CACHES = 'meet-peers';

/** The people a key names: its numeric parts (`pair:3:8`, `3:8`). */
const peopleOf = (key: string): number[] =>
  key
    .split(':')
    .filter((part) => /^\d+$/.test(part))
    .map(Number);

/**
 * The meeting module's memory of database facts (decision 037), per process: entries are dropped
 * by changes, never trusted for longer than `ttlMs` (the safety net for rows changed behind the
 * API), and hold at most `max` entries (oldest first out).
 *
 * A change comes through the platform's acknowledged cache channel (lib/cache-channel.ts): a row
 * notice of a table the entries depend on names the cache (`name`, `MEET_CACHES` by default) and
 * empties it whole, unless the code that wrote the rows said whose they were: then the change
 * names those people for this cache (`rows`), and only entries of theirs go (a key names its
 * people's ids: `pair:3:8`, `3:8`). Changes of other caches (a session ended, a wallet) leave it
 * be. A read that began before a change does not put back what it read (`mark` before,
 * `set(..., mark)` after); while the channel is down (`suspend`) nothing is kept.
 */
export class MeetCache<V> implements PeopleCache {
  readonly enabled: boolean;
  private readonly entries = new Map<string, { value: V; until: number }>();
  private generation = 0;
  private suspended = false;

  constructor(
    private readonly options: {
      ttlMs: number;
      max: number;
      now?: () => number;
      /** What a change names to empty it (`MEET_CACHES` when not said). */
      name?: string;
    },
  ) {
    this.enabled = options.ttlMs > 0;
  }

  private now(): number {
    return this.options.now?.() ?? performance.now();
  }

  get(key: string): V | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until > this.now()) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  /** Before reading: `set` keeps the value only if nothing was forgotten since. */
  mark(): number {
    return this.generation;
  }

  set(key: string, value: V, mark: number): void {
    if (!this.enabled || this.suspended || mark !== this.generation) return;
    this.entries.delete(key);
    // Oldest first out: a Map iterates in insertion order.
    if (this.entries.size >= this.options.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, until: this.now() + this.options.ttlMs });
  }

  forget(change: CacheChange): void {
    const name = this.options.name ?? MEET_CACHES;
    if (clearsCache(change, name)) {
      this.generation += 1;
      this.entries.clear();
      return;
    }
    const people = peopleDropped(change, name);
    if (!people.size) return;
    this.generation += 1;
    // Rare (a meeting found or confirmed) beside the reads: a pass over the keys will do.
    for (const key of this.entries.keys()) {
      if (peopleOf(key).some((id) => people.has(id))) this.entries.delete(key);
    }
  }

  suspend(): void {
    this.suspended = true;
    this.forget({ all: true });
  }

  resume(): void {
    this.forget({ all: true });
    this.suspended = false;
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * The per-fix peer check in memory: "this peer exists, is neither deleted nor blocked, and no
 * block stands between the two", remembered per (user, peer) once the database said so, so a phone
 * sending every 5 s does not read it again each time. Only "allowed" is remembered; a refusal is
 * read again on every call. Any committed change of `users` or `chat_blocks` empties it on every
 * process before the statement that made it resolves (`MEET_PEER_CACHES`); nothing else does.
 */
export class PeerGate {
  private readonly cache: MeetCache<true>;

  constructor(options: { ttlMs: number; max?: number; now?: () => number }) {
    this.cache = new MeetCache({ max: 100_000, ...options, name: MEET_PEER_CACHES });
  }

  /** The cache itself, to join the invalidation channel. */
  get memory(): PeopleCache & { readonly size: number } {
    return this.cache;
  }

  allows(userId: number, peerId: number): boolean {
    return this.cache.get(`${userId}:${peerId}`) === true;
  }

  mark(): number {
    return this.cache.mark();
  }

  allow(userId: number, peerId: number, mark: number): void {
    this.cache.set(`${userId}:${peerId}`, true, mark);
  }
}
