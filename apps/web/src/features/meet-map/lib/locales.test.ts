import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DISTANCE_BUCKET_KEYS } from '@app/shared/schemas/meet-privacy';
import { MOODS } from '@app/shared/schemas/meet';
import en from '../../../locales/en/map.json';
import ru from '../../../locales/ru/map.json';
import { expectKeysDefined, expectRussianPlurals } from '../../../test/locale-keys';

// English and Russian having the same keys is checked for every namespace in lib/i18n.test.ts.
describe('map texts', () => {
  it('name every distance step and mood the API can send', () => {
    for (const texts of [en, ru]) {
      expect(Object.keys(texts.distance).sort()).toEqual([...DISTANCE_BUCKET_KEYS].sort());
      expect(Object.keys(texts.moods).sort()).toEqual([...MOODS].sort());
    }
  });

  it('give Russian all its plural forms where a count is shown', () => {
    expectRussianPlurals(ru, ['page.count']);
  });

  it('define every key the screens use', () => {
    expectKeysDefined(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'), 'map', en, 40);
  });
});
