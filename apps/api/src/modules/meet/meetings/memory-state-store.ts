import type { StateChange, StateStore } from './state-store';

interface Entry {
  /**
   * The value itself, not a copy: values are immutable by contract (the detector's reducer and
   * ingest.ts build new objects and never change old ones), and copying every fix costs more than
   * the detection it feeds.
   */
  value: unknown;
  /** Logical expiry on the caller's clock. */
  expiresAt: number;
}

/** Sweep expired entries after this many writes, so a quiet process does not hold old positions. */
const SWEEP_EVERY_WRITES = 256;

/**
 * The in-process store (one API process). `update` reads, decides and writes without awaiting in
 * between, so it is atomic on Node's single thread with no lock at all.
 */
export class MemoryStateStore implements StateStore {
  private readonly entries = new Map<string, Entry>();
  private writes = 0;
  private latestNow = 0;

  async get<T>(key: string, now: number): Promise<T | null> {
    return this.read<T>(key, now);
  }

  async update<T, R>(key: string, now: number, change: (current: T | null) => StateChange<T, R>): Promise<R> {
    const { result, write } = change(this.read<T>(key, now));
    if (write) {
      if (write.value === null) this.entries.delete(key);
      else this.entries.set(key, { value: write.value, expiresAt: now + write.ttlMs });
      this.latestNow = Math.max(this.latestNow, now);
      if (++this.writes % SWEEP_EVERY_WRITES === 0) this.sweep(this.latestNow);
    }
    return result;
  }

  async delete(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async close(): Promise<void> {
    this.entries.clear();
  }

  /** Entries held, expired ones included until the next sweep (tests check positions go). */
  size(): number {
    return this.entries.size;
  }

  /** Drops every entry expired at `now`. */
  sweep(now: number): void {
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }

  private read<T>(key: string, now: number): T | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.expiresAt <= now) {
      this.entries.delete(key);
      return null;
    }
    return entry.value as T;
  }
}
