import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  CPA_ACTIONS,
  CPA_CONVERSION_STATUSES,
  CPA_PARTNER_STATUSES,
  CPA_PERIODS,
  CPA_REJECT_REASONS,
} from '@app/shared/schemas/cpa-programme';
import en from '../../../locales/en/cpa.json';
import ru from '../../../locales/ru/cpa.json';
import { expectKeysDefined, expectRussianPlurals } from '../../../test/locale-keys';
import { CABINET_TABS } from '../components/partner-cabinet';
import { POSTBACK_TONE } from './tones';

const here = path.dirname(fileURLToPath(import.meta.url));

// English and Russian having the same keys is checked for every namespace in lib/i18n.test.ts.
describe('cpa texts', () => {
  it('give Russian all its plural forms where a count is shown', () => {
    expectRussianPlurals(ru, ['rewards.payoutCount', 'control.applications']);
  });

  it('name every action, status, rejection reason, period, tab and postback state in both languages', () => {
    for (const texts of [en, ru]) {
      for (const action of CPA_ACTIONS) expect(texts.actions[action]).toBeTruthy();
      for (const status of CPA_CONVERSION_STATUSES) expect(texts.statuses[status]).toBeTruthy();
      for (const reason of CPA_REJECT_REASONS) expect(texts.reasons[reason]).toBeTruthy();
      for (const status of CPA_PARTNER_STATUSES) expect(texts.partnerStatuses[status]).toBeTruthy();
      for (const period of CPA_PERIODS) expect(texts.stats.periods[period]).toBeTruthy();
      for (const tab of CABINET_TABS) expect(texts.cabinet.tabs[tab]).toBeTruthy();
      for (const state of Object.keys(POSTBACK_TONE) as (keyof typeof POSTBACK_TONE)[])
        expect(texts.postbacks.states[state]).toBeTruthy();
      for (const status of ['none', 'applied', 'rejected'] as const) expect(texts.invite[status].title).toBeTruthy();
    }
  });

  it('define every key the cabinet and the admins see', () => {
    expectKeysDefined(path.resolve(here, '..'), 'cpa', en, 60);
    expectKeysDefined(path.resolve(here, '../../cpa-control'), 'cpa', en, 15);
  });
});
