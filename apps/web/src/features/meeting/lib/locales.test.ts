import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { MINT_REQUIREMENTS } from '@app/shared/schemas/meet';
import enAll from '../../../locales/en';
import ruAll from '../../../locales/ru';
import en from '../../../locales/en/meeting.json';
import ru from '../../../locales/ru/meeting.json';
import { expectKeysDefined, expectRussianPlurals, flatKeys } from '../../../test/locale-keys';
import { reasonKey, reasonValues } from './requirement-text';

// English and Russian having the same keys is checked for every namespace in lib/i18n.test.ts.
describe('meeting texts', () => {
  it('give Russian all its plural forms where a count is shown', () => {
    expectRussianPlurals(ru, [
      'progress.ofMinutes',
      'progress.minutesDone',
      'progress.aria',
      'confirm.codeHelp',
      'mint.notReady',
    ]);
  });

  it('define every key the screen uses', () => {
    expectKeysDefined(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'), 'meeting', en, 60);
  });

  it('have a title, a met text and a fallback reason for every mint requirement', () => {
    const keys = flatKeys(en);
    for (const key of MINT_REQUIREMENTS)
      for (const part of ['title', 'met', 'unmet']) expect(keys).toContain(`requirements.${key}.${part}`);
  });
});

describe('a requirement reason', () => {
  beforeAll(async () => {
    await i18next.init({
      lng: 'en',
      resources: { en: enAll, ru: ruAll },
      ns: ['common', 'meeting'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
    });
  });

  it('is read as a whole key or as the reason alone', () => {
    expect(reasonKey({ key: 'kyc', met: false, reason: 'meeting.requirements.kyc.you' })).toBe('requirements.kyc.you');
    expect(reasonKey({ key: 'kyc', met: false, reason: 'you' })).toBe('requirements.kyc.you');
    expect(reasonKey({ key: 'kyc', met: true, reason: null })).toBeNull();
  });

  it('has a text for every reason the API gives', () => {
    // apps/api/src/modules/meet/meetings/requirements.ts
    const reasons: Record<string, string[]> = {
      met: ['notYet'],
      confirmed: ['meetFirst', 'you', 'peer', 'both'],
      sameLevel: ['youHaveNone', 'peerHasNone', 'different'],
      heldLongEnough: ['noLevel', 'you', 'peer', 'both'],
      kyc: ['noLevel', 'you', 'peer', 'both'],
      pairNotMinted: ['inProgress', 'minted', 'failed'],
      notRestricted: ['you', 'peer'],
    };
    for (const texts of [flatKeys(en), flatKeys(ru)]) {
      for (const [key, names] of Object.entries(reasons))
        for (const name of names) expect(texts).toContain(`requirements.${key}.${name}`);
      for (const why of ['shared_device', 'impossible_movement'])
        expect(texts).toContain(`requirements.notRestricted.why.${why}`);
    }
  });

  it('shows levels by name and counts of hours in words', () => {
    const t = i18next.getFixedT('en');
    const values = reasonValues(t, {
      key: 'heldLongEnough',
      values: { level: 'SILVER', hours: 3, required: 24, until: '2030-01-01T00:00:00.000Z' },
    });
    expect(values).toEqual({
      level: 'Silver',
      hours: 3,
      hoursText: '3 hours',
      required: 24,
      requiredText: '24 hours',
      until: '2030-01-01T00:00:00.000Z',
    });
    expect(t('meeting:requirements.heldLongEnough.you', { ...values, name: 'Anna' })).toBe(
      'Your Silver token is 3 hours short of 24 hours',
    );
    const ruT = i18next.getFixedT('ru');
    const ruValues = reasonValues(ruT, { key: 'sameLevel', values: { mine: 'SILVER, GOLD', peer: 'PLATINUM' } });
    expect(ruValues).toEqual({ mine: 'Silver, Gold', peer: 'Platinum' });
    expect(
      ruT('meeting:requirements.heldLongEnough.you', {
        ...reasonValues(ruT, { key: 'heldLongEnough', values: { level: 'GOLD', hours: 22, required: 24 } }),
      }),
    ).toBe('Ваш токен Gold можно будет использовать через 22 часа (нужно 24 часа с покупки)');
  });
});
