import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import * as schema from './schema';
import { MIGRATIONS } from '../../test/database';

describe('committed migrations', () => {
  it('match the schema: `npm run db:generate` would produce nothing new', async () => {
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as {
      entries: { idx: number; tag: string }[];
    };
    const last = journal.entries.at(-1)!;
    const snapshotFile = path.join(MIGRATIONS, 'meta', `${String(last.idx).padStart(4, '0')}_snapshot.json`);
    const committed = JSON.parse(fs.readFileSync(snapshotFile, 'utf8'));
    expect(fs.existsSync(path.join(MIGRATIONS, `${last.tag}.sql`))).toBe(true);
    const current = generateDrizzleJson(schema as Record<string, unknown>, committed.id);
    expect(await generateMigration(committed, current)).toEqual([]);
  });
});
