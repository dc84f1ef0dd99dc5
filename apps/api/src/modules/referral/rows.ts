import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';

/** A raw query's rows: both drivers (PGlite and node-postgres) answer `{ rows }`. */
export const rowsOf = async <T>(db: Db | Tx, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;
