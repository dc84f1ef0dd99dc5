// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import en from '../locales/en';
import ru from '../locales/ru';
import { detectLocale, NAMESPACES, translateError, translateFailure, translateMessage } from './i18n';
import { baseKeys as base, flatKeys } from '../test/locale-keys';

describe('locale detection', () => {
  it('takes the stored choice, then the browser language prefix, then English', () => {
    expect(detectLocale('ru', ['en-US'], '')).toBe('ru');
    expect(detectLocale(null, ['ru-RU', 'en'], '')).toBe('ru');
    expect(detectLocale(null, ['de-DE', 'ru'], '')).toBe('ru');
    expect(detectLocale('xx', ['fr-FR'], '')).toBe('en');
    expect(detectLocale(null, [], '')).toBe('en');
  });

  it('lets a ?lang= link choose, and keeps the choice', () => {
    expect(detectLocale('en', ['en-US'], '?lang=ru')).toBe('ru');
    expect(localStorage.getItem('locale')).toBe('ru');
    expect(detectLocale('en', ['en-US'], '?lang=xx')).toBe('en');
  });
});

describe('locale files', () => {
  it('have the same keys in English and Russian', () => {
    for (const ns of NAMESPACES.filter((n) => n !== 'msg' && n !== 'errors')) {
      expect(base(flatKeys(ru[ns])), ns).toEqual(base(flatKeys(en[ns])));
    }
    expect(Object.keys(ru.msg).sort()).toEqual(Object.keys(en.msg).sort());
    expect(Object.keys(ru.errors).sort()).toEqual(Object.keys(en.errors).sort());
  });

  it('give Russian its three plural forms', () => {
    for (const unit of ['seconds', 'minutes', 'hours', 'days']) {
      for (const form of ['one', 'few', 'many']) expect(flatKeys(ru.common)).toContain(`units.${unit}_${form}`);
    }
  });
});

describe('translation', () => {
  beforeAll(async () => {
    await i18next.init({
      lng: 'en',
      resources: { en, ru },
      ns: [...NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
    });
  });

  it('renders plural forms in both languages', () => {
    const t = i18next.getFixedT('ru');
    expect([1, 2, 5, 11, 21, 22, 25].map((count) => t('units.seconds', { count }))).toEqual([
      '1 секунда',
      '2 секунды',
      '5 секунд',
      '11 секунд',
      '21 секунда',
      '22 секунды',
      '25 секунд',
    ]);
    const tEn = i18next.getFixedT('en');
    expect([1, 2].map((count) => tEn('units.days', { count }))).toEqual(['1 day', '2 days']);
  });

  it('translates rule messages with their values and error codes', () => {
    const ruT = i18next.getFixedT('ru');
    expect(translateMessage(ruT, 'msg.min-length?n=6')).toBe('Минимум 6 символов');
    expect(translateMessage(i18next.getFixedT('en'), 'msg.password-mismatch')).toBe('Passwords do not match');
    expect(translateMessage(ruT, 'msg.password-mismatch')).toBe('Пароли не совпадают');
    expect(translateError(ruT, { code: 'UNAUTHORIZED' })).toBe('Неверный логин или пароль');
    expect(translateError(ruT, { code: 'SOMETHING_NEW', message: 'Server text' })).toBe('Server text');
  });

  it('translates a stored failure reason, and reads old English text or an unknown code as the generic failure', () => {
    const ruT = i18next.getFixedT('ru');
    const enT = i18next.getFixedT('en');
    expect(translateFailure(ruT, 'TRANSFER_NOT_SENT')).toBe('Перевод не удалось отправить');
    expect(translateFailure(enT, 'TRANSACTION_REVERTED')).toBe('The transaction was reverted on chain');
    expect(translateFailure(ruT, 'Reverted on chain')).toBe('Транзакция не прошла');
    expect(translateFailure(enT, 'The mint transaction could not be sent')).toBe('Transaction failed');
    expect(translateFailure(ruT, 'SOMETHING_NEW')).toBe('Транзакция не прошла');
  });
});
