import { describe, expect, it } from 'vitest';
import type { Profile } from '@app/shared/schemas/user';
import { meetAccess } from './meet-access';

const complete: Profile = {
  bdate: '2000-06-15T00:00:00.000Z',
  domain: 'dana',
  firstName: 'Dana',
  lastName: 'Ross',
  gender: 1,
  avatar: null,
};
const today = new Date('2026-06-15T12:00:00Z');

describe('meetAccess', () => {
  it('is open to an adult with a complete profile', () => {
    expect(meetAccess(complete, 18, today)).toBe('open');
  });

  it('is closed while any required field is missing, or with no profile at all', () => {
    expect(meetAccess(undefined, 18, today)).toBe('profile-incomplete');
    for (const field of ['bdate', 'domain', 'firstName', 'lastName', 'gender'] as const) {
      expect(meetAccess({ ...complete, [field]: null }, 18, today)).toBe('profile-incomplete');
    }
  });

  it('is closed to a person under the minimum age, and opens on the birthday itself', () => {
    expect(meetAccess({ ...complete, bdate: '2008-06-16T00:00:00.000Z' }, 18, today)).toBe('adults-only');
    expect(meetAccess({ ...complete, bdate: '2008-06-15T00:00:00.000Z' }, 18, today)).toBe('open');
    // The server's minimum age, not a fixed 18.
    expect(meetAccess(complete, 30, today)).toBe('adults-only');
  });
});
