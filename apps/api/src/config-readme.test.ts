import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { envSchema } from './config';
import { findRepoRoot } from './lib/paths';

/** The README is the manual: every variable the server reads has its row in the configuration table. */
describe('README configuration table', () => {
  it('names every environment variable of the config schema', () => {
    const readme = fs.readFileSync(path.join(findRepoRoot(), 'README.md'), 'utf8');
    const rows = new Set(
      [...readme.matchAll(/^\|([^|\n]+)\|/gm)].flatMap((m) => m[1]!.match(/`([A-Z][A-Z0-9_]+)`/g) ?? []),
    );
    const documented = new Set([...rows].map((cell) => cell.replace(/`/g, '')));
    const missing = Object.keys(envSchema.shape).filter((key) => !documented.has(key));
    expect(missing).toEqual([]);
  });
});
