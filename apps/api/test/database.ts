import crypto from 'node:crypto';
import pg from 'pg';
import { createDatabase, type Database } from '../src/db/client';
import { MIGRATIONS, pgliteTemplate } from './pglite-template';

export { MIGRATIONS };

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on
 * the PostgreSQL server of DATABASE_URL (dropped again on close), so test files never share rows.
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await createDatabase({ memory: true, from: pgliteTemplate() });
    await database.migrate(MIGRATIONS);
    return database;
  }
  const server = await createServerDatabase(serverUrl);
  const database = await createDatabase({ url: server.url, poolSize: 5 });
  await database.migrate(MIGRATIONS);
  return {
    ...database,
    async close() {
      await database.close();
      await server.drop();
    },
  };
}

/**
 * A new database on the PostgreSQL server of `serverUrl`, with its URL and a way to drop it: a copy
 * of the migrated template that Vitest's global setup names in PG_TEMPLATE_DATABASE, else empty.
 */
export async function createServerDatabase(
  serverUrl: string,
  prefix = 't',
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const template = process.env.PG_TEMPLATE_DATABASE;
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * The test database with its URL when it is on a PostgreSQL server (DATABASE_URL), so a second API
 * process or a script can open its own pool on it; on PGlite, the embedded one alone.
 */
export async function sharedTestDatabase(): Promise<{ database: Database; url?: string }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return { database: await createTestDatabase() };
  const server = await createServerDatabase(serverUrl);
  const database = await createDatabase({ url: server.url, poolSize: 5 });
  await database.migrate(MIGRATIONS);
  const close = async () => {
    await database.close();
    await server.drop();
  };
  return { database: { ...database, close }, url: server.url };
}
