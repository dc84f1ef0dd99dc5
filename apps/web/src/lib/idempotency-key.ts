import { useState } from 'react';
import { ApiError } from './api-client';

/**
 * Whether the server has surely decided on a request: a success or a 4xx did; an unreachable
 * server, a timeout or a 5xx may have left it done or undone, so the same key must be sent again.
 */
export function isDefiniteAnswer(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status >= 400 && error.status < 500;
}

/**
 * The Idempotency-Key of a request that moves money (a purchase, a withdrawal). A retry of the same
 * payload reuses the key, so a request whose answer was lost is never carried out twice; a changed
 * payload is a new request with a new key; once the server has decided (a success or a 4xx), the
 * key is retired and the next attempt gets a new one.
 */
export class IdempotencyKey {
  private current: { key: string; payload: string } | null = null;

  constructor(private readonly make: () => string = () => crypto.randomUUID()) {}

  /** The key to send with this payload. */
  keyFor(payload: unknown): string {
    const text = JSON.stringify(payload);
    if (this.current?.payload !== text) this.current = { key: this.make(), payload: text };
    return this.current.key;
  }

  /** Sends `payload` with its key; the key is retired when the answer is definite. */
  async send<T>(payload: unknown, request: (key: string) => Promise<T>): Promise<T> {
    const key = this.keyFor(payload);
    try {
      const answer = await request(key);
      this.retire(key);
      return answer;
    } catch (error) {
      if (isDefiniteAnswer(error)) this.retire(key);
      throw error;
    }
  }

  /** Forgets `key`, unless a changed payload has already replaced it with a newer one. */
  private retire(key: string) {
    if (this.current?.key === key) this.current = null;
  }
}

/** One IdempotencyKey for the life of a form (or a dialog's step). */
export function useIdempotencyKey(): IdempotencyKey {
  const [key] = useState(() => new IdempotencyKey());
  return key;
}
