import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import commonEn from '../locales/en/common.json';

/** Every leaf key of a locale object, dotted. */
export function flatKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => flatKeys(v, prefix ? `${prefix}.${k}` : k));
}

/** Plural suffixes differ per language; compare the keys without them. */
export const baseKeys = (keys: string[]) => new Set(keys.map((k) => k.replace(/_(zero|one|two|few|many|other)$/, '')));

/** Every literal t('key') in the sources under `dir` (tests excluded). */
function usedKeys(dir: string): string[] {
  const files = fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !f.includes('.test.'));
  return files.flatMap((f) =>
    [...fs.readFileSync(path.join(dir, f), 'utf8').matchAll(/\bt\(\s*'([^'$]+)'/g)].map((m) => m[1]!),
  );
}

/** Fails for any key a feature's screens use that its namespace (or common) does not define. */
export function expectKeysDefined(featureDir: string, namespace: string, texts: unknown, minimum: number) {
  const known: Record<string, Set<string>> = {
    [namespace]: baseKeys(flatKeys(texts)),
    common: baseKeys(flatKeys(commonEn)),
  };
  const keys = usedKeys(featureDir);
  expect(keys.length).toBeGreaterThan(minimum);
  for (const key of keys) {
    const [ns, name] = key.includes(':') ? (key.split(':') as [string, string]) : [namespace, key];
    expect(known[ns]?.has(name), key).toBe(true);
  }
}

/** Russian needs all its plural forms wherever a count is shown. */
export function expectRussianPlurals(ru: unknown, keys: string[]) {
  const all = flatKeys(ru);
  for (const key of keys) for (const form of ['one', 'few', 'many', 'other']) expect(all).toContain(`${key}_${form}`);
}
