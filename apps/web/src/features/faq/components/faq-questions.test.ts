import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/faq.json';
import ru from '../../../locales/ru/faq.json';
import { FAQ_QUESTIONS } from './faq-questions';

describe('FAQ', () => {
  it('has the 17 questions of SPEC.md, each asked and answered in both languages', () => {
    expect(new Set(FAQ_QUESTIONS).size).toBe(17);
    for (const locale of [en, ru]) {
      const items = locale.faq.items as Record<string, { q: string; a: string }>;
      expect(Object.keys(items).sort()).toEqual([...FAQ_QUESTIONS].sort());
      for (const id of FAQ_QUESTIONS) {
        expect(items[id]!.q).toMatch(/\?$/);
        expect(items[id]!.a.length).toBeGreaterThan(40);
      }
    }
  });
});
