import { z } from 'zod';
import { isAddress } from 'viem';
import { COINS, MIN_AGE, MIN_BIRTH_YEAR, PASSWORD_MIN_LENGTH, PROMO_PREFIXES, type Coin } from '../constants';
import { MSG, withValues } from './messages';

/** "Min {n} characters" / "Max {n} characters" as rule messages. */
export const minLengthMessage = (n: number) => withValues(MSG.minLength, { n });
export const maxLengthMessage = (n: number) => withValues(MSG.maxLength, { n });

/** A required text field: trimmed, not empty, at most `max` characters. */
export function requiredText(max = 100) {
  return z
    .string({ error: MSG.required })
    .trim()
    .min(1, { error: MSG.required })
    .max(max, { error: maxLengthMessage(max) });
}

// --- Password (SPEC.md section 5) -------------------------------------------------------------

export const PASSWORD_MAX_LENGTH = 128;

export const passwordSchema = z
  .string({ error: MSG.required })
  .min(1, { error: MSG.required })
  .min(PASSWORD_MIN_LENGTH, { error: minLengthMessage(PASSWORD_MIN_LENGTH) })
  .max(PASSWORD_MAX_LENGTH, { error: maxLengthMessage(PASSWORD_MAX_LENGTH) })
  .refine((v) => /[a-z]/.test(v) && /[A-Z]/.test(v) && /\d/.test(v), { error: MSG.weakPassword });

/** Password with its repetition; the mismatch is reported on `passwordConfirm`. */
export const passwordPairSchema = z
  .object({ password: passwordSchema, passwordConfirm: z.string({ error: MSG.required }) })
  .refine((v) => v.password === v.passwordConfirm, { error: MSG.passwordMismatch, path: ['passwordConfirm'] });

/** 0 (weak) to 4 (strong): the strength meter's reading; acceptance is `passwordSchema`'s job. */
export function passwordStrength(password: string): 0 | 1 | 2 | 3 | 4 {
  if (!password) return 0;
  let score = 0;
  if (password.length >= PASSWORD_MIN_LENGTH) score++;
  if (password.length >= 10) score++;
  if (/[a-z]/.test(password) && /[A-Z]/.test(password)) score++;
  if (/\d/.test(password) && /[^A-Za-z0-9]/.test(password)) score++;
  if (!passwordSchema.safeParse(password).success) score = Math.min(score, 1);
  return score as 0 | 1 | 2 | 3 | 4;
}

// --- Email --------------------------------------------------------------------------------------

/** Local part, at sign, domain, a top-level part of two or more letters. */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;
export const EMAIL_MAX_LENGTH = 254;

export const emailSchema = z
  .string({ error: MSG.required })
  .trim()
  .min(1, { error: MSG.required })
  .max(EMAIL_MAX_LENGTH, { error: maxLengthMessage(EMAIL_MAX_LENGTH) })
  .regex(EMAIL_PATTERN, { error: MSG.invalidEmail })
  .transform((v) => v.toLowerCase());

// --- Nickname (domain) -------------------------------------------------------------------------

export const NICKNAME_MIN_LENGTH = 3;
export const NICKNAME_MAX_LENGTH = 30;
/** Starts with a letter; letters and digits only, with at most one underscore. */
export const NICKNAME_PATTERN = /^[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]*)?$/;

export const nicknameSchema = z
  .string({ error: MSG.required })
  .trim()
  .min(1, { error: MSG.required })
  .regex(NICKNAME_PATTERN, { error: MSG.invalidUsername })
  .min(NICKNAME_MIN_LENGTH, { error: minLengthMessage(NICKNAME_MIN_LENGTH) })
  .max(NICKNAME_MAX_LENGTH, { error: maxLengthMessage(NICKNAME_MAX_LENGTH) });

// --- Gender ------------------------------------------------------------------------------------

/** male = 0, female = 1 (SPEC.md section 3). */
export const GENDER = { male: 0, female: 1 } as const;
export const genderSchema = z.literal([GENDER.male, GENDER.female], { error: MSG.chooseGender });

// --- Date of birth -------------------------------------------------------------------------------

export interface BirthdayCheck {
  ok: boolean;
  /** Message key when not ok. */
  error?: typeof MSG.required | typeof MSG.invalidDate | typeof MSG.ageAdults;
  /** ISO timestamp at midnight UTC of the birthday, when the date itself is valid. */
  iso?: string;
}

/**
 * Reads DD.MM.YYYY. Dates are compared in UTC so the browser and the server agree on who is
 * of age on a given day; a person whose 18th birthday is today is an adult.
 */
export function checkBirthday(
  value: string | null | undefined,
  now: Date = new Date(),
  minAge = MIN_AGE,
): BirthdayCheck {
  const text = (value ?? '').trim();
  if (!text) return { ok: false, error: MSG.required };
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text);
  if (!match) return { ok: false, error: MSG.invalidDate };
  const day = Number(match[1]);
  const month = Number(match[2]);
  const year = Number(match[3]);
  const currentYear = now.getUTCFullYear();
  if (year < MIN_BIRTH_YEAR || year > currentYear) return { ok: false, error: MSG.invalidDate };
  if (month < 1 || month > 12 || day < 1 || day > 31) return { ok: false, error: MSG.invalidDate };
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return { ok: false, error: MSG.invalidDate };
  }
  const today = Date.UTC(currentYear, now.getUTCMonth(), now.getUTCDate());
  if (date.getTime() > today) return { ok: false, error: MSG.invalidDate };
  if (ageOn(date, now) < minAge) return { ok: false, error: MSG.ageAdults, iso: date.toISOString() };
  return { ok: true, iso: date.toISOString() };
}

/** Whole years between a birth date and `now` (both read in UTC). */
export function ageOn(birth: Date, now: Date): number {
  let age = now.getUTCFullYear() - birth.getUTCFullYear();
  const beforeBirthday =
    now.getUTCMonth() < birth.getUTCMonth() ||
    (now.getUTCMonth() === birth.getUTCMonth() && now.getUTCDate() < birth.getUTCDate());
  if (beforeBirthday) age--;
  return age;
}

/** ISO UTC midnight back to DD.MM.YYYY for forms. */
export function isoToBirthday(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}`;
}

/** DD.MM.YYYY in, ISO UTC midnight out. `now` and `minAge` are injectable for tests and config. */
export function birthdaySchema(options: { now?: () => Date; minAge?: number } = {}) {
  return z.string({ error: MSG.required }).transform((value, ctx) => {
    const result = checkBirthday(value, options.now?.() ?? new Date(), options.minAge ?? MIN_AGE);
    if (!result.ok) {
      ctx.addIssue({ code: 'custom', message: result.error });
      return z.NEVER;
    }
    return result.iso!;
  });
}

// --- Promo code ----------------------------------------------------------------------------------

/**
 * The product prefix (Latin or Cyrillic, any case) followed by the owner's user id in hex.
 * Returns the numeric id, or null for anything else.
 */
export function parsePromocode(value: string | null | undefined): number | null {
  const text = (value ?? '').trim();
  if (!text) return null;
  const upper = text.toUpperCase();
  const prefix = PROMO_PREFIXES.find((p) => upper.startsWith(p));
  if (!prefix) return null;
  const hex = text.slice(prefix.length);
  if (!/^[0-9a-fA-F]{1,13}$/.test(hex)) return null;
  const id = Number.parseInt(hex, 16);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function formatPromocode(userId: number): string {
  return `${PROMO_PREFIXES[0]}${userId.toString(16).toUpperCase()}`;
}

/** Promo code in, the referrer's user id out; "Invalid promocode" otherwise. */
export const promocodeSchema = z.string({ error: MSG.invalidPromocode }).transform((value, ctx) => {
  const id = parsePromocode(value);
  if (id === null) {
    ctx.addIssue({ code: 'custom', message: MSG.invalidPromocode });
    return z.NEVER;
  }
  return id;
});

// --- Wallet address --------------------------------------------------------------------------------

/** USDT (BEP-20) and BNB both live at EVM addresses; a mixed-case address must carry a valid checksum. */
export function isValidAddress(address: string | null | undefined, currency: string | null | undefined): boolean {
  if (!address || !currency) return false;
  if (!(COINS as readonly string[]).includes(currency)) return false;
  return isAddress(address.trim(), { strict: true });
}

export const coinSchema = z.enum(COINS, { error: MSG.invalidValue });

/** `{ currency, address }` with the address checked against the currency ("Incorrect address"). */
export const addressWithCurrencySchema = z
  .object({ currency: coinSchema, address: z.string({ error: MSG.required }).trim().min(1, { error: MSG.required }) })
  .refine((v) => isValidAddress(v.address, v.currency as Coin), { error: MSG.incorrectAddress, path: ['address'] });
