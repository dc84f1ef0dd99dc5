import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REFERRAL_PERIODS, REFERRAL_REWARD_SOURCES, REFERRAL_ROLES } from '@app/shared/schemas/referral';
import en from '../../../locales/en/referral.json';
import ru from '../../../locales/ru/referral.json';
import { expectKeysDefined } from '../../../test/locale-keys';
import { REFERRAL_TABS } from '../components/referral-page';

const here = path.dirname(fileURLToPath(import.meta.url));

// English and Russian having the same keys is checked for every namespace in lib/i18n.test.ts.
describe('referral texts', () => {
  it('name every period, income source, role and tab in both languages', () => {
    for (const texts of [en, ru]) {
      for (const period of REFERRAL_PERIODS) expect(texts.period[period]).toBeTruthy();
      for (const source of REFERRAL_REWARD_SOURCES) expect(texts.source[source]).toBeTruthy();
      for (const role of REFERRAL_ROLES) expect(texts.role[role]).toBeTruthy();
      for (const tab of REFERRAL_TABS) expect(texts.tabs[tab]).toBeTruthy();
    }
  });

  it('define every key the screen uses', () => {
    expectKeysDefined(path.resolve(here, '..'), 'referral', en, 40);
  });
});
