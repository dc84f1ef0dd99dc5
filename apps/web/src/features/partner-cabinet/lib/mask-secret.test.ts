import { describe, expect, it } from 'vitest';
import { maskSecret } from './mask-secret';

describe('maskSecret', () => {
  it('keeps the whsec_ prefix and the last four characters only', () => {
    const masked = maskSecret('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw');
    expect(masked).toBe('whsec_••••••••••••LaSw');
    expect(masked).not.toContain('MfKQ');
  });

  it('hides a short or unprefixed secret entirely but for its tail', () => {
    expect(maskSecret('whsec_abc')).toBe('whsec_••••••••');
    expect(maskSecret('0123456789abcdef')).toBe('••••••••••••cdef');
  });
});
