import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/common.json';
import ru from '../../../locales/ru/common.json';

const API_SOURCES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../api/src');

/** Every `notifications.*` text the API puts in a push item (its sources, tests excluded). */
function apiPushTexts(): string[] {
  const files = fs
    .readdirSync(API_SOURCES, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.includes('.test.'));
  const texts = files.flatMap((file) =>
    [...fs.readFileSync(path.join(API_SOURCES, file), 'utf8').matchAll(/'notifications\.(\w+)'/g)].map((m) => m[1]!),
  );
  return [...new Set(texts)].sort();
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('push texts the API sends', () => {
  const texts = apiPushTexts();

  it('are found in the API, the KYC decisions and the refused queue entry among them', () => {
    expect(texts).toEqual(
      expect.arrayContaining(['kycApproved', 'kycRejected', 'kycRejectedForever', 'kycRevoked', 'purchaseRefusedKyc']),
    );
  });

  it('each have English and Russian with the same placeholders', () => {
    const notifications = {
      en: en.notifications as Record<string, string>,
      ru: ru.notifications as Record<string, string>,
    };
    for (const key of texts) {
      expect(notifications.en[key], `en notifications.${key}`).toBeTruthy();
      expect(notifications.ru[key], `ru notifications.${key}`).toBeTruthy();
      expect(placeholders(notifications.ru[key]!), key).toEqual(placeholders(notifications.en[key]!));
    }
  });

  it('render whole sentences in both languages, the level by its translated name as the toast shows it', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ resources: { en: { common: en }, ru: { common: ru } }, defaultNS: 'common', lng: 'en' });
    const values = {
      level: 'GOLD',
      id: 7,
      amount: '12.5',
      currency: 'USDT',
      name: 'Anna',
      from: 'Anna',
      warning: 'Stop sending links',
    };
    for (const lng of ['en', 'ru']) {
      const t = i18n.getFixedT(lng);
      for (const key of texts) {
        const shown = t(`notifications.${key}`, { ...values, level: t(`levels.${values.level}`) });
        expect(shown, `${lng} ${key}`).not.toContain('{{');
        expect(shown).not.toBe(`notifications.${key}`);
      }
    }
    expect(i18n.getFixedT('ru')('notifications.kycApproved', { level: 'Gold' })).toBe(
      'Личность подтверждена: можно покупать и выпускать токены до уровня Gold.',
    );
  });
});
