import { describe, expect, it } from 'vitest';
import { MSG } from './messages';
import {
  addressWithCurrencySchema,
  birthdaySchema,
  checkBirthday,
  emailSchema,
  formatPromocode,
  genderSchema,
  isValidAddress,
  isoToBirthday,
  nicknameSchema,
  parsePromocode,
  passwordPairSchema,
  passwordSchema,
  passwordStrength,
  promocodeSchema,
} from './rules';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? undefined : r.error!.issues[0]!.message;

describe('password', () => {
  it.each([
    ['Abcde1', undefined],
    ['aB3xyz', undefined],
    ['', MSG.required],
    ['Ab1', 'msg.min-length?n=6'],
    ['abcdef1', MSG.weakPassword],
    ['ABCDEF1', MSG.weakPassword],
    ['Abcdefg', MSG.weakPassword],
  ])('%j -> %s', (value, expected) => {
    expect(firstMessage(passwordSchema.safeParse(value))).toBe(expected);
  });

  it('reports a mismatch on the confirmation field', () => {
    const r = passwordPairSchema.safeParse({ password: 'Abcde1', passwordConfirm: 'Abcde2' });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]).toMatchObject({ message: MSG.passwordMismatch, path: ['passwordConfirm'] });
    expect(passwordPairSchema.safeParse({ password: 'Abcde1', passwordConfirm: 'Abcde1' }).success).toBe(true);
  });

  it('rates strength from weak to strong', () => {
    expect(passwordStrength('')).toBe(0);
    expect(passwordStrength('abcdef')).toBeLessThanOrEqual(1);
    expect(passwordStrength('Abcde1')).toBe(2);
    expect(passwordStrength('Abcdefgh12!x')).toBe(4);
  });
});

describe('email', () => {
  it.each(['user@example.com', 'first.last+tag@sub.domain.ru', 'A_B@x-y.io'])('accepts %s', (v) => {
    expect(emailSchema.safeParse(v).success).toBe(true);
  });
  it.each([
    '',
    'user',
    'user@',
    '@example.com',
    'user@example',
    'user@example.c',
    'us er@example.com',
    'user@exa mple.com',
    'user@example.c0m',
    'a..b@example.com',
  ])('rejects %j', (v) => {
    expect(firstMessage(emailSchema.safeParse(v))).toBe(v === '' ? MSG.required : MSG.invalidEmail);
  });
  it('trims and lower-cases', () => {
    expect(emailSchema.parse('  User@Example.COM ')).toBe('user@example.com');
  });
});

describe('nickname', () => {
  it.each(['alice', 'Bob42', 'john_doe', 'x_1', 'ab_'])('accepts %s', (v) => {
    expect(nicknameSchema.safeParse(v).success).toBe(true);
  });
  it.each([
    ['1alice', MSG.invalidUsername],
    ['_alice', MSG.invalidUsername],
    ['a_b_c', MSG.invalidUsername],
    ['al ice', MSG.invalidUsername],
    ['alice!', MSG.invalidUsername],
    ['алиса', MSG.invalidUsername],
    ['ab', 'msg.min-length?n=3'],
    ['a'.repeat(31), 'msg.max-length?n=30'],
    ['', MSG.required],
  ])('rejects %j with %s', (v, expected) => {
    expect(firstMessage(nicknameSchema.safeParse(v))).toBe(expected);
  });
});

describe('gender', () => {
  it('accepts 0 and 1 only', () => {
    expect(genderSchema.safeParse(0).success).toBe(true);
    expect(genderSchema.safeParse(1).success).toBe(true);
    expect(firstMessage(genderSchema.safeParse(2))).toBe(MSG.chooseGender);
    expect(firstMessage(genderSchema.safeParse(undefined))).toBe(MSG.chooseGender);
  });
});

describe('date of birth', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  const check = (v: string | undefined) => checkBirthday(v, now);

  it('converts to ISO at midnight UTC', () => {
    expect(check('05.03.1990')).toEqual({ ok: true, iso: '1990-03-05T00:00:00.000Z' });
    expect(isoToBirthday('1990-03-05T00:00:00.000Z')).toBe('05.03.1990');
  });

  it.each([
    [undefined, MSG.required],
    ['', MSG.required],
    ['   ', MSG.required],
    ['5.3.1990', MSG.invalidDate],
    ['1990-03-05', MSG.invalidDate],
    ['05/03/1990', MSG.invalidDate],
    ['05.03.1899', MSG.invalidDate],
    ['05.03.2027', MSG.invalidDate],
    ['05.13.1990', MSG.invalidDate],
    ['05.00.1990', MSG.invalidDate],
    ['32.01.1990', MSG.invalidDate],
    ['00.01.1990', MSG.invalidDate],
    ['31.04.1990', MSG.invalidDate],
    ['29.02.2001', MSG.invalidDate],
    ['23.11.2026', MSG.invalidDate],
    ['01.12.2026', MSG.invalidDate],
  ])('%j -> %s', (v, expected) => {
    expect(check(v).error).toBe(expected);
  });

  it('accepts 1900 and the leap day of a leap year', () => {
    expect(check('01.01.1900').ok).toBe(true);
    expect(check('29.02.2000').ok).toBe(true);
    expect(check('29.02.1904').iso).toBe('1904-02-29T00:00:00.000Z');
  });

  it('accepts a date in the current year as a date, then refuses it for age', () => {
    expect(check('22.11.2026')).toMatchObject({ ok: false, error: MSG.ageAdults, iso: '2026-11-22T00:00:00.000Z' });
    expect(check('01.01.2026').error).toBe(MSG.ageAdults);
  });

  it('lets in a person who turns 18 today, not one who turns 18 tomorrow', () => {
    expect(check('22.11.2008').ok).toBe(true);
    expect(check('23.11.2008').error).toBe(MSG.ageAdults);
  });

  it('treats a 29 February birthday as reached on 1 March in common years', () => {
    const firstMarch = new Date('2026-03-01T00:00:00Z');
    const lastFeb = new Date('2026-02-28T23:59:59Z');
    expect(checkBirthday('29.02.2008', firstMarch).ok).toBe(true);
    expect(checkBirthday('29.02.2008', lastFeb).error).toBe(MSG.ageAdults);
  });

  it('takes the minimum age from configuration', () => {
    expect(checkBirthday('22.11.2005', now, 21).ok).toBe(true);
    expect(checkBirthday('23.11.2005', now, 21).error).toBe(MSG.ageAdults);
  });

  it('is a zod schema that outputs the ISO string', () => {
    const schema = birthdaySchema({ now: () => now });
    expect(schema.parse('22.11.2008')).toBe('2008-11-22T00:00:00.000Z');
    expect(firstMessage(schema.safeParse('30.02.2000'))).toBe(MSG.invalidDate);
    expect(firstMessage(schema.safeParse(''))).toBe(MSG.required);
  });
});

describe('promo code', () => {
  it.each([
    ['EEE1', 1],
    ['EEEff', 255],
    ['EEEFF', 255],
    ['eeeFf', 255],
    ['  EEE2A  ', 42],
    ['ЕЕЕ2A', 42],
    ['еее2a', 42],
  ])('%j -> %d', (v, id) => {
    expect(parsePromocode(v)).toBe(id);
    expect(promocodeSchema.parse(v)).toBe(id);
  });

  it.each(['', '   ', 'EEE', 'ABC12', 'EEEXYZ', 'EEE-1', 'EEE0', '12EEE', 'EEE 12', 'EEE12345678901234'])(
    'rejects %j',
    (v) => {
      expect(parsePromocode(v)).toBeNull();
      expect(firstMessage(promocodeSchema.safeParse(v))).toBe(MSG.invalidPromocode);
    },
  );

  it('rejects a mixed Latin and Cyrillic prefix', () => {
    // Latin E, Cyrillic Е, Latin E
    expect(parsePromocode('EЕE1')).toBeNull();
  });

  it('formats and parses back', () => {
    for (const id of [1, 15, 16, 4095, 123456789]) expect(parsePromocode(formatPromocode(id))).toBe(id);
    expect(formatPromocode(255)).toBe('EEEFF');
  });
});

describe('wallet address', () => {
  const lower = '0x52908400098527886e0f7030069857d2e4169ee7';
  const checksummed = '0x52908400098527886E0F7030069857D2E4169EE7';
  const badChecksum = '0x52908400098527886E0F7030069857D2E4169Ee7';

  it('accepts EVM addresses for USDT and BNB', () => {
    expect(isValidAddress(lower, 'USDT')).toBe(true);
    expect(isValidAddress(checksummed, 'BNB')).toBe(true);
  });

  it('is false when the address, the currency or the check is missing or wrong', () => {
    expect(isValidAddress('', 'USDT')).toBe(false);
    expect(isValidAddress(undefined, 'USDT')).toBe(false);
    expect(isValidAddress(lower, undefined)).toBe(false);
    expect(isValidAddress(lower, 'BTC')).toBe(false);
    expect(isValidAddress(badChecksum, 'USDT')).toBe(false);
    expect(isValidAddress('0x1234', 'USDT')).toBe(false);
    expect(isValidAddress('TQ5ZzqL4yC2bH3pXkkqjNwz5mM8tQ1aBcD', 'USDT')).toBe(false);
  });

  it('reports "Incorrect address" on the address field', () => {
    const r = addressWithCurrencySchema.safeParse({ currency: 'USDT', address: '0xnothex' });
    expect(r.error!.issues[0]).toMatchObject({ message: MSG.incorrectAddress, path: ['address'] });
  });
});
