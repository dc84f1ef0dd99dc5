/**
 * Where meeting detection keeps its working state between requests: per pair, the detector's
 * state (at most the latest fix of each user), each side's last believable fix (what the
 * impossible-movement check measures from) and presence. Several API processes may ingest fixes
 * of the same pair, so every change is an atomic read-modify-write.
 *
 * Expiry is logical, on the caller's clock (the app's Clock), so a test that moves the clock forward
 * sees idle state vanish exactly as production does; the backends also drop expired entries
 * for real (a sweep in process, PEXPIRE on Redis), so precise positions do not linger.
 */

/** What `change` decided: the value to store (null deletes it) or nothing to write. */
export interface StateChange<T, R> {
  result: R;
  write?: { value: T | null; ttlMs: number };
}

export interface StateStore {
  /** The value under `key` at `now` (null when absent or expired). */
  get<T>(key: string, now: number): Promise<T | null>;
  /**
   * Reads the value, lets `change` decide, and writes the decision atomically: no other update
   * of the key lands in between. On a conflict `change` runs again on the newer value, so it must
   * be a pure function of its input, and it must not change the value it is given (values are
   * treated as immutable: build a new one).
   */
  update<T, R>(key: string, now: number, change: (current: T | null) => StateChange<T, R>): Promise<R>;
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}
