import { describe, expect, it } from 'vitest';
import { personName } from './person-name';

describe('personName', () => {
  it('puts the last name first, as the list is searched by it', () => {
    expect(personName({ firstName: 'Anna', lastName: 'Ivanova', domain: 'anna' }, '?')).toBe('Ivanova Anna (@anna)');
  });

  it('falls back to the nickname, then to the given text', () => {
    expect(personName({ firstName: null, lastName: null, domain: 'anna' }, 'User 7')).toBe('@anna');
    expect(personName({ firstName: null, lastName: null, domain: null }, 'User 7')).toBe('User 7');
    expect(personName({ firstName: 'Anna', lastName: null, domain: null }, 'User 7')).toBe('Anna');
  });
});
