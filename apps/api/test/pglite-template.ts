/**
 * Migrating a fresh in-memory PGlite takes seconds of CPU, and almost every API test file starts one
 * or more. The migrated cluster is dumped once per set of migrations (keyed by their content) into
 * node_modules/.cache, and each test database starts from that dump; `migrate` still runs after
 * loading it, so a dump that lags the migrations can only cost time, never leave a table out.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createDatabase } from '../src/db/client';
import { findRepoRoot } from '../src/lib/paths';

export const MIGRATIONS = path.join(findRepoRoot(), 'apps/api/drizzle');

function templateFile(): string {
  const hash = crypto.createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(fs.readFileSync(full));
    }
  };
  walk(MIGRATIONS);
  const dir = path.join(findRepoRoot(), 'node_modules', '.cache', 'pglite-templates');
  return path.join(dir, `${hash.digest('hex').slice(0, 16)}.tar`);
}

/** Builds the dump unless it exists; answers its path. Written to a temporary name, then renamed. */
export async function ensurePgliteTemplate(): Promise<string> {
  const file = templateFile();
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const database = await createDatabase({ memory: true });
  try {
    await database.migrate(MIGRATIONS);
    const dump = await database.dump!();
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  } finally {
    await database.close();
  }
  return file;
}

/** The dump named by PGLITE_TEMPLATE (set by Vitest's global setup), if there is one. */
export function pgliteTemplate(): Blob | undefined {
  const file = process.env.PGLITE_TEMPLATE;
  if (!file || !fs.existsSync(file)) return undefined;
  return new Blob([fs.readFileSync(file)]);
}
