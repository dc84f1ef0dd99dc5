import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';

/**
 * What the Redis keys and channels of the live map are named after: the database the hands live
 * in. Every API process of one deployment shares that database and so the same index and channels,
 * while another deployment (or test file) that happens to share the Redis never mixes its hands
 * in: PGlite is one process's DATA_DIR, a PostgreSQL database is its name.
 */
export async function handsScope(database: Database, dataDir: string): Promise<string> {
  let identity = `pglite:${dataDir}`;
  if (database.driver === 'postgres') {
    const result = (await database.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    };
    identity = `postgres:${result.rows[0]?.name ?? ''}`;
  }
  return crypto.createHash('sha256').update(identity).digest('hex').slice(0, 12);
}
