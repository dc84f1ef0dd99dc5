import { describe, expect, it } from 'vitest';
import { isProfileComplete } from './user';

describe('isProfileComplete', () => {
  const full = {
    bdate: '1990-01-01T00:00:00.000Z',
    domain: 'anna',
    firstName: 'Anna',
    lastName: 'P',
    gender: 0,
    avatar: null,
  };
  it('needs bdate, domain, first and last name and gender 0 or 1', () => {
    expect(isProfileComplete(full)).toBe(true);
    expect(isProfileComplete({ ...full, gender: 1 })).toBe(true);
    for (const missing of ['bdate', 'domain', 'firstName', 'lastName'] as const) {
      expect(isProfileComplete({ ...full, [missing]: null })).toBe(false);
    }
    expect(isProfileComplete({ ...full, gender: null })).toBe(false);
    expect(isProfileComplete({ ...full, gender: 2 })).toBe(false);
    expect(isProfileComplete(null)).toBe(false);
  });
});
