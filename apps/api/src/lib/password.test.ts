import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

describe('password hashing', () => {
  it('verifies the right password only and stores its parameters', async () => {
    const hash = await hashPassword('Secret1', 12);
    expect(hash).toMatch(/^scrypt\$4096\$8\$1\$/);
    expect(await verifyPassword('Secret1', hash)).toBe(true);
    expect(await verifyPassword('secret1', hash)).toBe(false);
    expect(await verifyPassword('Secret1', 'garbage')).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('Secret1', 12)).not.toBe(await hashPassword('Secret1', 12));
  });

  it('uses OWASP parameters by default (N = 2^17) without exceeding scrypt memory limits', async () => {
    const hash = await hashPassword('Secret1', 17);
    expect(hash.startsWith('scrypt$131072$8$1$')).toBe(true);
    expect(await verifyPassword('Secret1', hash)).toBe(true);
  });
});
