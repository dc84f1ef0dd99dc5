import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COMPANY_ADDITION_REASONS, COMPANY_CATEGORIES } from '@app/shared/schemas/business';
import en from '../../../locales/en/business.json';
import ru from '../../../locales/ru/business.json';
import { expectKeysDefined, expectRussianPlurals } from '../../../test/locale-keys';

// English and Russian having the same keys is checked for every namespace in lib/i18n.test.ts.
describe('business texts', () => {
  it('name every category and every reason of a refused addition', () => {
    for (const texts of [en, ru]) {
      expect(Object.keys(texts.categories).sort()).toEqual([...COMPANY_CATEGORIES].sort());
      expect(Object.keys(texts.reasons).sort()).toEqual([...COMPANY_ADDITION_REASONS].sort());
    }
  });

  it('give Russian all its plural forms where a count is shown', () => {
    expectRussianPlurals(ru, ['promotion.days']);
  });

  it('define every key the screens use', () => {
    expectKeysDefined(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'), 'business', en, 30);
  });
});
