import { beforeAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import en from '../../../locales/en';
import ru from '../../../locales/ru';
import { formatDuration, splitDuration } from './durations';

const MIN = 60_000;
const HOUR = 60 * MIN;

describe('a time left', () => {
  it('rounds up to the smallest unit shown, so it never reads zero while time remains', () => {
    expect(splitDuration(71 * HOUR + 19 * MIN + 1)).toEqual({ hours: 71, minutes: 20, seconds: null });
    expect(splitDuration(1)).toEqual({ hours: 0, minutes: 1, seconds: null });
    expect(splitDuration(0)).toEqual({ hours: 0, minutes: 0, seconds: null });
    expect(splitDuration(-5)).toEqual({ hours: 0, minutes: 0, seconds: null });
    expect(splitDuration(59 * MIN + 59_001)).toEqual({ hours: 1, minutes: 0, seconds: null });
  });

  it('shows seconds below an hour when asked', () => {
    expect(splitDuration(4 * MIN + 30_500, true)).toEqual({ hours: 0, minutes: 4, seconds: 31 });
    expect(splitDuration(2 * HOUR, true)).toEqual({ hours: 2, minutes: 0, seconds: null });
  });
});

describe('formatted in words', () => {
  beforeAll(async () => {
    await i18next.init({
      lng: 'en',
      resources: { en, ru },
      ns: ['common', 'meeting'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
    });
  });

  it('pluralises hours and minutes in English and Russian', () => {
    const tEn = i18next.getFixedT('en');
    const tRu = i18next.getFixedT('ru');
    expect(formatDuration(tEn, 71 * HOUR + 20 * MIN)).toBe('71 hours 20 minutes');
    expect(formatDuration(tEn, 1 * HOUR)).toBe('1 hour');
    expect(formatDuration(tEn, 3 * HOUR)).toBe('3 hours');
    expect(formatDuration(tRu, 71 * HOUR + 20 * MIN)).toBe('71 час 20 минут');
    expect(formatDuration(tRu, 22 * HOUR + 3 * MIN)).toBe('22 часа 3 минуты');
    expect(formatDuration(tRu, 5 * HOUR + 21 * MIN)).toBe('5 часов 21 минута');
    expect(formatDuration(tRu, 0)).toBe('0 минут');
  });

  it('counts the last hour down in seconds', () => {
    const tEn = i18next.getFixedT('en');
    expect(formatDuration(tEn, 4 * MIN + 30_000, true)).toBe('4 minutes 30 seconds');
    expect(formatDuration(tEn, 45_000, true)).toBe('45 seconds');
    expect(formatDuration(tEn, 5 * MIN, true)).toBe('5 minutes');
    expect(formatDuration(i18next.getFixedT('ru'), 61_000, true)).toBe('1 минута 1 секунда');
  });
});
