import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REPORT_REASONS } from '@app/shared/schemas/chat';
import { SCAM_WARNINGS } from '@app/shared/scam-detector';
import en from '../../../locales/en/chat.json';
import ru from '../../../locales/ru/chat.json';
import { expectKeysDefined, expectRussianPlurals, flatKeys } from '../../../test/locale-keys';

// English and Russian having the same keys is checked for every namespace in lib/i18n.test.ts.
describe('chat texts', () => {
  it('define every key the screens use', () => {
    expectKeysDefined(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'), 'chat', en, 40);
  });

  it('explain every scam warning and name every report reason, in both languages', () => {
    for (const texts of [en, ru]) {
      const keys = flatKeys(texts);
      for (const kind of SCAM_WARNINGS) expect(keys).toContain(`scam.${kind}`);
      for (const reason of REPORT_REASONS) expect(keys).toContain(`report.reasons.${reason}`);
    }
  });

  it('give Russian all its plural forms where a count is shown', () => {
    expectRussianPlurals(ru, ['list.unread', 'thread.newBelow']);
  });
});
