import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { isDefiniteAnswer, submissionFor } from './submission-key';

describe('submission keys', () => {
  let n = 0;
  const make = () => `key-${++n}`;

  it('reuses the key for a retry of the same payload and makes a new one when it changes', () => {
    const first = submissionFor(null, { address: '0xabc', amount: '10' }, make);
    expect(submissionFor(first, { address: '0xabc', amount: '10' }, make)).toBe(first);
    const changed = submissionFor(first, { address: '0xabc', amount: '11' }, make);
    expect(changed.key).not.toBe(first.key);
  });

  it('treats only a 4xx as a definite answer', () => {
    expect(isDefiniteAnswer(new ApiError(409, 'INSUFFICIENT_FEE', 'x'))).toBe(true);
    expect(isDefiniteAnswer(new ApiError(0, 'NETWORK_ERROR', 'x'))).toBe(false);
    expect(isDefiniteAnswer(new ApiError(503, 'CHAIN_UNAVAILABLE', 'x'))).toBe(false);
    expect(isDefiniteAnswer(new Error('boom'))).toBe(false);
  });
});
