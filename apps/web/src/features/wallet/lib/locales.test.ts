import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/wallet.json';
import ru from '../../../locales/ru/wallet.json';
import commonEn from '../../../locales/en/common.json';

const flat = (value: unknown, prefix = ''): string[] =>
  typeof value !== 'object' || value === null || Array.isArray(value)
    ? [prefix]
    : Object.entries(value).flatMap(([k, v]) => flat(v, prefix ? `${prefix}.${k}` : k));
const base = (keys: string[]) => new Set(keys.map((k) => k.replace(/_(zero|one|two|few|many|other)$/, '')));

/** Every literal t('key') of the feature's sources. */
function usedKeys(dir: string): string[] {
  const files = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f) && !f.includes('.test.'));
  return files.flatMap((f) => [...fs.readFileSync(path.join(dir, f), 'utf8').matchAll(/\bt\(\s*'([^'$]+)'/g)].map((m) => m[1]!));
}

describe('wallet texts', () => {
  it('have the same keys in English and Russian', () => {
    expect(base(flat(ru))).toEqual(base(flat(en)));
  });

  it('give Russian all its plural forms where a count is shown', () => {
    const keys = flat(ru);
    for (const key of ['confirmations', 'deposit.confirmations']) {
      for (const form of ['one', 'few', 'many', 'other']) expect(keys).toContain(`${key}_${form}`);
    }
  });

  it('define every key the screens use', () => {
    const features = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    const known = { wallet: base(flat(en)), common: base(flat(commonEn)) };
    const keys = usedKeys(features);
    expect(keys.length).toBeGreaterThan(40);
    for (const key of keys) {
      const [ns, name] = key.includes(':') ? (key.split(':') as ['wallet' | 'common', string]) : (['wallet', key] as const);
      expect(known[ns]?.has(name), key).toBe(true);
    }
  });
});
