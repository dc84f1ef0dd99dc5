/**
 * The PostgreSQL twin of pglite-template.ts: migrating a new database and creating pg-boss's schema
 * costs about a second for each of the fifty-odd databases an API run makes. One template database
 * per set of migrations (tmpl_<key>) is migrated once, and every test database is created from it
 * with CREATE DATABASE ... TEMPLATE, a file copy. `migrate` still runs on each copy, so a template
 * that lags the migrations can only cost time.
 */
import pg from 'pg';
import { createDatabase } from '../src/db/client';
import { createJobQueue } from '../src/jobs/job-queue';
import { MIGRATIONS, migrationsKey } from './pglite-template';

const urlOf = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Builds the template database unless it exists; answers its name. Built under a temporary name, then renamed. */
export async function ensurePostgresTemplate(serverUrl: string): Promise<string> {
  const name = `tmpl_${migrationsKey()}`;
  const exists = async () =>
    onServer(serverUrl, async (c) => (await c.query('select 1 from pg_database where datname = $1', [name])).rowCount);
  if (await exists()) return name;
  const building = `${name}_${process.pid}`;
  await onServer(serverUrl, (c) => c.query(`create database ${building}`));
  const database = await createDatabase({ url: urlOf(serverUrl, building), poolSize: 2 });
  try {
    await database.migrate(MIGRATIONS);
    const jobs = createJobQueue({ database, workers: false, log: { error() {}, warn() {} } });
    await jobs.start();
    await jobs.stop();
  } finally {
    await database.close();
  }
  await onServer(serverUrl, async (c) => {
    // Another run may have finished the same template meanwhile: then ours is dropped.
    if (await exists()) await c.query(`drop database ${building}`);
    else await c.query(`alter database ${building} rename to ${name}`);
    // Templates of older migrations are of no further use.
    const stale = await c.query<{ datname: string }>(
      `select datname from pg_database where datname like 'tmpl\\_%' and datname <> $1 and datname not like $2`,
      [name, `${name}\\_%`],
    );
    for (const { datname } of stale.rows) await c.query(`drop database if exists ${datname} with (force)`);
  });
  return name;
}
