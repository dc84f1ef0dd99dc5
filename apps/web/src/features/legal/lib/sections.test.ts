import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/legal.json';
import ru from '../../../locales/ru/legal.json';
import { PRIVACY_SECTIONS, RISK_SECTIONS, TERMS_SECTIONS } from './sections';

describe('legal documents', () => {
  for (const [doc, sections] of [
    ['terms', TERMS_SECTIONS],
    ['privacy', PRIVACY_SECTIONS],
    ['risk', RISK_SECTIONS],
  ] as const) {
    it(`${doc}: every section in the contents has its text in both languages, and no text is left out`, () => {
      for (const locale of [en, ru]) {
        const texts = locale[doc].sections as Record<string, { title: string }>;
        expect(Object.keys(texts)).toEqual([...sections]);
        for (const id of sections) expect(texts[id]!.title).toBeTruthy();
      }
    });
  }
});
