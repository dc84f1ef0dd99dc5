import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { KYC_REJECTION_REASONS } from '@app/shared/schemas/kyc';
import { KYC_STATUSES } from '@app/shared/constants';
import en from '../../../locales/en/kyc.json';
import ru from '../../../locales/ru/kyc.json';
import { expectKeysDefined, expectRussianPlurals } from '../../../test/locale-keys';

const here = path.dirname(fileURLToPath(import.meta.url));

// English and Russian having the same keys is checked for every namespace in lib/i18n.test.ts.
describe('kyc texts', () => {
  it('give Russian all its plural forms where a count is shown', () => {
    expectRussianPlurals(ru, ['decision.attemptsLeft', 'decision.annulment', 'control.total']);
  });

  it('name every status and every rejection reason, for the person and for staff', () => {
    for (const texts of [en, ru]) {
      for (const status of KYC_STATUSES) expect(texts.status[status]).toBeTruthy();
      for (const reason of KYC_REJECTION_REASONS) {
        expect(texts.reasons[reason]).toBeTruthy();
        expect(texts.control.reasons[reason]).toBeTruthy();
      }
    }
  });

  it('define every key the person and the moderators see', () => {
    expectKeysDefined(path.resolve(here, '..'), 'kyc', en, 40);
    expectKeysDefined(path.resolve(here, '../../kyc-moderation'), 'kyc', en, 40);
  });
});
