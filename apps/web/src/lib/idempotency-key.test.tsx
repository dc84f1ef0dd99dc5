// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { IdempotencyKey, isDefiniteAnswer, useIdempotencyKey } from './idempotency-key';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const counter = () => {
  let n = 0;
  return () => `key-${++n}`;
};
const offline = () => new ApiError(0, 'NETWORK_ERROR', 'x');

describe('idempotency keys', () => {
  it('reuses the key while the payload is unchanged and makes a new one when it changes', () => {
    const keys = new IdempotencyKey(counter());
    expect(keys.keyFor({ address: '0xabc', amount: '10' })).toBe('key-1');
    expect(keys.keyFor({ address: '0xabc', amount: '10' })).toBe('key-1');
    expect(keys.keyFor({ address: '0xabc', amount: '11' })).toBe('key-2');
    // Going back to the first payload is a new request too: its key was dropped with it.
    expect(keys.keyFor({ address: '0xabc', amount: '10' })).toBe('key-3');
  });

  it('sends a retry after a network error or a 5xx with the same key, so it cannot pay twice', async () => {
    const keys = new IdempotencyKey(counter());
    const sent: string[] = [];
    const failing = (error: unknown) => (key: string) => {
      sent.push(key);
      return Promise.reject(error);
    };
    await expect(keys.send({ level: 'GOLD' }, failing(offline()))).rejects.toThrow();
    await expect(keys.send({ level: 'GOLD' }, failing(new ApiError(503, 'CHAIN_UNAVAILABLE', 'x')))).rejects.toThrow();
    await expect(keys.send({ level: 'GOLD' }, failing(new Error('timeout')))).rejects.toThrow();
    expect(sent).toEqual(['key-1', 'key-1', 'key-1']);
  });

  it('retires the key after a success or a 4xx: the next attempt is a new request', async () => {
    const keys = new IdempotencyKey(counter());
    const request = vi.fn(async (key: string) => ({ id: 1, key }));
    await expect(keys.send({ amount: '10' }, request)).resolves.toEqual({ id: 1, key: 'key-1' });
    await keys.send({ amount: '10' }, request);
    expect(request.mock.calls.map(([key]) => key)).toEqual(['key-1', 'key-2']);

    const refused = () => Promise.reject(new ApiError(409, 'INSUFFICIENT_FUNDS', 'x'));
    await expect(keys.send({ amount: '10' }, refused)).rejects.toThrow();
    expect(keys.keyFor({ amount: '10' })).toBe('key-4');
  });

  it('keeps a newer payload’s key when an older request answers late', async () => {
    const keys = new IdempotencyKey(counter());
    let answer: (value: string) => void = () => {};
    const slow = keys.send({ amount: '10' }, () => new Promise<string>((resolve) => (answer = resolve)));
    expect(keys.keyFor({ amount: '11' })).toBe('key-2');
    answer('done');
    await slow;
    expect(keys.keyFor({ amount: '11' })).toBe('key-2');
  });

  it('treats only a 4xx as a definite failure', () => {
    expect(isDefiniteAnswer(new ApiError(409, 'INSUFFICIENT_FEE', 'x'))).toBe(true);
    expect(isDefiniteAnswer(offline())).toBe(false);
    expect(isDefiniteAnswer(new ApiError(503, 'CHAIN_UNAVAILABLE', 'x'))).toBe(false);
    expect(isDefiniteAnswer(new Error('boom'))).toBe(false);
  });

  it('gives a form the same keys across renders', () => {
    const seen: IdempotencyKey[] = [];
    function Form({ n }: { n: number }) {
      seen.push(useIdempotencyKey());
      return <p>{n}</p>;
    }
    const root = createRoot(document.createElement('div'));
    act(() => root.render(<Form n={1} />));
    act(() => root.render(<Form n={2} />));
    act(() => root.unmount());
    expect(seen).toHaveLength(2);
    expect(seen[0]).toBe(seen[1]);
  });
});
