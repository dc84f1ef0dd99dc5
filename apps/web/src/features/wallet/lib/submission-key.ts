import { ApiError } from '../../../lib/api-client';

/** The Idempotency-Key of one form submission and what it was sent with. */
export interface Submission {
  key: string;
  payload: string;
}

const newKey = () => crypto.randomUUID();

/**
 * A retry of the same submission reuses its key, so a request whose answer was lost is never
 * carried out twice; a changed form is a new submission with a new key. The caller forgets the
 * submission once the server has given a definite answer (see isDefiniteAnswer).
 */
export function submissionFor(previous: Submission | null, payload: unknown, make: () => string = newKey): Submission {
  const text = JSON.stringify(payload);
  if (previous && previous.payload === text) return previous;
  return { key: make(), payload: text };
}

/**
 * Whether the server has surely decided on a request: a success or a 4xx did; an unreachable
 * server, a timeout or a 5xx may have left it done or undone, so the same key must be sent again.
 */
export function isDefiniteAnswer(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status >= 400 && error.status < 500;
}
