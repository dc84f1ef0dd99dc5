import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle inside `db.transaction(async (tx) => ...)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** PostgreSQL's unique_violation, raised through drizzle (which wraps the driver error). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (
    let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === '23505') return !constraint || e.constraint === constraint;
  }
  return false;
}

/** Plain SQL with $1-style parameters, for libraries that bring their own queries (the job queue). */
export type ExecuteSql = (
  text: string,
  values?: unknown[],
) => Promise<{ rows: Record<string, unknown>[]; rowCount: number }>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  executeSql: ExecuteSql;
  /** Applies the committed drizzle-kit migrations; safe to call from several processes at once. */
  migrate(migrationsFolder: string): Promise<void>;
  /** PostgreSQL only: a dedicated connection (released with `release()`), for session-level locks. */
  connect?: () => Promise<pg.PoolClient>;
  ping(): Promise<void>;
  /** PGlite only: the whole cluster as a tarball, which `{ memory: true, from }` starts from. */
  dump?: () => Promise<Blob>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { url: string; poolSize?: number }
  /** `from`: a dump (PGlite's `dumpDataDir`) to start from instead of an empty cluster. */
  | { dataDir: string; from?: Blob }
  | { memory: true; from?: Blob };

/** PGlite under DATA_DIR by default, a real PostgreSQL server when a URL is given. */
export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  if ('url' in options) return createPostgres(options.url, options.poolSize ?? 10);
  const dataPath = 'memory' in options ? undefined : path.join(options.dataDir, 'pgdata');
  if (dataPath) fs.mkdirSync(dataPath, { recursive: true });
  const load = options.from ? { loadDataDir: options.from } : {};
  const client = dataPath ? new PGlite(dataPath, load) : new PGlite(load);
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    async executeSql(text, values) {
      // PGlite prepares parameterised statements, and a prepared statement holds one command:
      // text without parameters may hold several (the job queue's schema), so it runs as a script.
      if (!values?.length) {
        // One connection for everyone: a script that fails inside its own BEGIN would leave the
        // session in an aborted transaction and fail every later statement, so it is rolled back.
        const results = await client.exec(text).catch(async (error: unknown) => {
          if (/\bbegin\b/i.test(text)) await client.exec('rollback').catch(() => undefined);
          throw error;
        });
        const last = results.at(-1);
        return {
          rows: (last?.rows ?? []) as Record<string, unknown>[],
          rowCount: last?.affectedRows ?? last?.rows.length ?? 0,
        };
      }
      const result = await client.query<Record<string, unknown>>(text, values);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
    migrate: (migrationsFolder) => migratePglite(db as never, { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    dump: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}

/** Any fixed number works; it only has to be the same in every process of this app. */
const MIGRATION_LOCK_KEY = 727_431_001;

function createPostgres(url: string, poolSize: number): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    driver: 'postgres',
    async executeSql(text, values) {
      const result = await pool.query(text, values);
      return { rows: result.rows, rowCount: result.rowCount ?? 0 };
    },
    /** A connection of its own, outside the pool (a session-level advisory lock lives on one). */
    connect: () => pool.connect(),
    async migrate(migrationsFolder) {
      // One connection holds a session lock so parallel starts apply migrations once.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg({ client }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}
