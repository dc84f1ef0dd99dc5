import { describe, expect, it } from 'vitest';
import { withoutEmptyCallback } from './without-empty-callback';

describe('withoutEmptyCallback', () => {
  it('drops an empty or blank callbackUrl from the payload, as SPEC.md section 5 says', () => {
    expect(withoutEmptyCallback({ name: 'A', landing: '/', callbackUrl: '' })).toEqual({ name: 'A', landing: '/' });
    expect('callbackUrl' in withoutEmptyCallback({ name: 'A', callbackUrl: '   ' })).toBe(false);
  });

  it('keeps a callbackUrl that says something', () => {
    const payload = { name: 'A', callbackUrl: 'https://t.example/p?c={uid}' };
    expect(withoutEmptyCallback(payload)).toEqual(payload);
  });
});
