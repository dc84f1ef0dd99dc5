/**
 * Migrating a fresh in-memory PGlite takes seconds of CPU, and almost every API test file starts one
 * or more. The migrated cluster is dumped once per set of migrations (keyed by their content) into
 * node_modules/.cache, and each test database starts from that dump; `migrate` still runs after
 * loading it, so a dump that lags the migrations can only cost time, never leave a table out.
 * The job queue's schema (pg-boss) is in the dump as well; pg-boss finds it and creates nothing.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createDatabase } from '../src/db/client';
import { createJobQueue } from '../src/jobs/job-queue';
import { findRepoRoot } from '../src/lib/paths';

export const MIGRATIONS = path.join(findRepoRoot(), 'apps/api/drizzle');

/** A key for the current set of migrations and pg-boss version: a new one means a new template. */
export function migrationsKey(): string {
  const hash = crypto.createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(fs.readFileSync(full));
    }
  };
  walk(MIGRATIONS);
  // pg-boss's schema is in the dump: a new version of it makes a new dump.
  hash.update(
    JSON.parse(fs.readFileSync(path.join(findRepoRoot(), 'node_modules/pg-boss/package.json'), 'utf8')).version,
  );
  return hash.digest('hex').slice(0, 16);
}

function templateFile(): string {
  return path.join(findRepoRoot(), 'node_modules', '.cache', 'pglite-templates', `${migrationsKey()}.tar`);
}

/** Builds the dump unless it exists; answers its path. Written to a temporary name, then renamed. */
export async function ensurePgliteTemplate(): Promise<string> {
  const file = templateFile();
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const database = await createDatabase({ memory: true });
  try {
    await database.migrate(MIGRATIONS);
    // The job queue's own schema too: every test app starts one (about 1 to 3 s each on PGlite).
    const jobs = createJobQueue({ database, workers: false, log: { error() {}, warn() {} } });
    await jobs.start();
    await jobs.stop();
    const dump = await database.dump!();
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
    // Dumps of older migrations are of no further use (40 MB each).
    for (const old of fs.readdirSync(path.dirname(file))) {
      if (old.endsWith('.tar') && path.join(path.dirname(file), old) !== file) {
        fs.rmSync(path.join(path.dirname(file), old), { force: true });
      }
    }
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
