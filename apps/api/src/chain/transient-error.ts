import { BaseError, HttpRequestError, TimeoutError } from 'viem';

/**
 * No answer from the node (down, unreachable, too slow), as opposed to an answer that says no (a
 * revert, a refused transaction): the first is worth waiting out, the second will say the same again.
 */
export function isTransientChainError(error: unknown): boolean {
  if (error instanceof BaseError)
    return Boolean(error.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError));
  const cause = error instanceof Error ? (error as { cause?: unknown }).cause : undefined;
  const text = `${error instanceof Error ? error.message : String(error)} ${cause instanceof Error ? cause.message : ''}`;
  return /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EAI_AGAIN|fetch failed|socket hang up/i.test(text);
}
