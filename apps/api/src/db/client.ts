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
import type { PGlite as PGliteClient, QueryOptions, Transaction as PGliteTransaction } from '@electric-sql/pglite';
import * as schema from './schema';
import {
  createRowChangeTracker,
  rowsChanged,
  type RowChangeTracker,
  type PendingChanges,
  type RowScope,
  type RowsChangedListener,
  type WatchedTable,
} from './row-changes';

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
  /**
   * Calls `listener` once a statement that changed rows of one of `tables` is committed, before
   * that statement's (or its transaction's) promise resolves (row-changes.ts); answers how to stop.
   */
  onRowsChanged(tables: readonly WatchedTable[], listener: RowsChangedListener): () => void;
  /**
   * Runs `work` saying that its statements change rows of these people only: their listeners get
   * the scope (row-changes.ts), so a cache may drop those people's entries instead of all.
   */
  scopeRows<T>(scope: RowScope, work: () => PromiseLike<T> | T): Promise<T>;
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
  const changes = createRowChangeTracker();
  trackPglite(client, changes);
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
    onRowsChanged: changes.watch,
    scopeRows: changes.withScope,
    close: () => client.close(),
  };
}

/**
 * PGlite: one connection, and a transaction() holds it alone, so a statement outside one is
 * committed when it answers and one inside is committed when transaction() resolves.
 */
function trackPglite(client: PGliteClient, changes: RowChangeTracker) {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  const after = async (text: string, result: unknown, scope: RowScope | undefined, pending?: PendingChanges) => {
    const listeners = changes.listenersOf(text);
    if (!listeners.length || !rowsChanged(result, text)) return;
    if (pending) changes.hold(pending, listeners, scope);
    else await changes.notify(listeners, scope);
  };
  client.query = async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
    const scope = changes.scope();
    const result = await query<T>(text, params, options);
    await after(text, result, scope);
    return result;
  };
  client.exec = async (text, options) => {
    const scope = changes.scope();
    const results = await exec(text, options);
    await after(text, results, scope);
    return results;
  };
  client.transaction = async (callback) => {
    const pending: PendingChanges = new Map();
    const result = await transaction((tx) => {
      const tracked: PGliteTransaction = Object.create(tx);
      tracked.query = async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
        const scope = changes.scope();
        const answer = await tx.query<T>(text, params, options);
        await after(text, answer, scope, pending);
        return answer;
      };
      tracked.exec = async (text, options) => {
        const scope = changes.scope();
        const answers = await tx.exec(text, options);
        await after(text, answers, scope, pending);
        return answers;
      };
      return callback(tracked);
    });
    if (pending.size) await changes.notify(pending);
    return result;
  };
}

type QueryCallback = (error: Error | null, result?: unknown) => void;

/**
 * node-postgres: every pooled connection's statements (pool.query runs on one too). Changes inside
 * BEGIN ... COMMIT wait for the COMMIT; a ROLLBACK forgets them. A multi-statement text counts as
 * committed when it answers (a script with its own BEGIN and COMMIT).
 */
function trackPgClient(client: pg.PoolClient, changes: RowChangeTracker) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let inTransaction = false;
  const pending: PendingChanges = new Map();
  const after = async (text: string, result: unknown, scope: RowScope | undefined) => {
    const kind = changes.kindOf(text);
    if (kind === 'begin') {
      inTransaction = true;
      pending.clear();
    } else if (kind === 'rollback') {
      inTransaction = false;
      pending.clear();
    }
    const listeners = changes.listenersOf(text);
    if (listeners.length && rowsChanged(result, text)) {
      if (inTransaction) changes.hold(pending, listeners, scope);
      else await changes.notify(listeners, scope);
    }
    if (kind === 'commit') {
      inTransaction = false;
      const committed: PendingChanges = new Map(pending);
      pending.clear();
      await changes.notify(committed);
    }
  };
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const [config] = args;
    const text =
      typeof config === 'string'
        ? config
        : typeof (config as { text?: unknown })?.text === 'string' &&
            typeof (config as { submit?: unknown }).submit !== 'function'
          ? (config as { text: string }).text
          : undefined;
    if (text === undefined) return query(...args);
    // Read as the statement is sent: the answer comes back outside the caller's async context.
    const scope = changes.scope();
    const at = args.findIndex((arg, i) => i > 0 && typeof arg === 'function');
    if (at !== -1) {
      const callback = args[at] as QueryCallback;
      args[at] = (error: Error | null, result?: unknown) => {
        if (error) return callback(error, result);
        after(text, result, scope).then(() => callback(null, result));
      };
      return query(...args);
    }
    if (typeof (config as { callback?: unknown })?.callback === 'function') return query(...args);
    return (query(...args) as Promise<unknown>).then(async (result) => {
      await after(text, result, scope);
      return result;
    });
  };
}

/** Any fixed number works; it only has to be the same in every process of this app. */
const MIGRATION_LOCK_KEY = 727_431_001;

function createPostgres(url: string, poolSize: number): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const changes = createRowChangeTracker();
  pool.on('connect', (client) => trackPgClient(client, changes));
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
    onRowsChanged: changes.watch,
    scopeRows: changes.withScope,
    close: () => pool.end(),
  };
}
