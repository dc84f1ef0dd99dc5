import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';
import en from '../../../locales/en/wallet.json';
import ru from '../../../locales/ru/wallet.json';
import { expectKeysDefined, expectRussianPlurals } from '../../../test/locale-keys';

// English and Russian having the same keys is checked for every namespace in lib/i18n.test.ts.
describe('wallet texts', () => {
  it('give Russian all its plural forms where a count is shown', () => {
    expectRussianPlurals(ru, ['confirmations', 'deposit.confirmations', 'history.promotion']);
  });

  it('define every key the screens use', () => {
    expectKeysDefined(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'), 'wallet', en, 40);
  });
});
