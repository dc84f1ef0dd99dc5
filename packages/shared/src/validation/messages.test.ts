import { describe, expect, it } from 'vitest';
import { englishText } from '../locales/english-text';
import { msgEn, errorsEn } from '../locales/en';
import { msgRu, errorsRu } from '../locales/ru';
import { ERROR_CATALOGUE, ERROR_CODES } from '../errors';
import { MSG, parseMessage, withValues } from './messages';

describe('messages', () => {
  it('round-trips values through the message string', () => {
    const message = withValues(MSG.minLength, { n: 6 });
    expect(message).toBe('msg.min-length?n=6');
    expect(parseMessage(message)).toEqual({ key: 'msg.min-length', values: { n: 6 } });
    expect(parseMessage(MSG.required)).toEqual({ key: 'msg.required', values: {} });
  });

  it('renders English texts, with the corrected mismatch text', () => {
    expect(englishText('msg.min-length?n=6')).toBe('Min 6 characters');
    expect(englishText(MSG.passwordMismatch)).toBe('Passwords do not match');
    expect(englishText(MSG.ageAdults)).toBe('Participation in the project is only available to adults');
    expect(englishText('not-a-key')).toBe('not-a-key');
  });

  it('has every message and every error code in both languages', () => {
    for (const key of Object.values(MSG)) {
      const short = key.slice(4) as keyof typeof msgEn;
      expect(msgEn[short], key).toBeTruthy();
      expect(msgRu[short], key).toBeTruthy();
    }
    for (const code of ERROR_CODES) {
      expect(errorsEn[code]).toBeTruthy();
      expect(errorsRu[code]).toBeTruthy();
    }
    expect(msgRu['password-mismatch']).toBe('Пароли не совпадают');
  });

  it('keeps the messages of SPEC.md section 8', () => {
    expect(ERROR_CATALOGUE.UNAUTHORIZED.message).toBe('Invalid login or password');
    expect(ERROR_CATALOGUE.CONDITIONS_NOT_MET.message).toBe('User with this email does not exist');
    expect(ERROR_CATALOGUE.USER_NOT_FOUND.message).toBe('User with this email does not exist');
    expect(ERROR_CATALOGUE.INVALID_CODE.message).toBe('Invalid code');
  });
});
