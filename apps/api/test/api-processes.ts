import fs from 'node:fs';
import { buildApp, type AppDeps, type BuiltApp } from '../src/app';
import type { Config } from '../src/config';
import { createDatabase, type Database } from '../src/db/client';
import { createRedisClients, type RedisClients } from '../src/lib/redis';
import { TEST_JWT_SECRET } from './app';
import { sharedTestDatabase } from './database';

/**
 * API processes of one deployment, built in this test process: one database (on PostgreSQL each
 * app with a pool of its own, as another process has, so only Redis tells one of the other's
 * writes; on PGlite the same embedded one) and, with `redisUrl`, Redis clients of their own.
 * The same `config` (its DATA_DIR) names the same deployment.
 */
export async function startApiProcesses(
  config: Config,
  options: {
    count: number;
    /** Each app gets Redis clients of its own; without it, none (one process). */
    redisUrl?: string;
    chain?: AppDeps['chain'];
    /** The chain workers run in these apps only (by index); in every one by default. */
    workers?: (index: number) => boolean;
    /** Listen on a port of its own (sockets), rather than only `ready` (inject). */
    listen?: boolean;
    /** Before the apps are built, on the first database handle. */
    prepare?: (database: Database) => Promise<void>;
  },
) {
  const { database, url } = await sharedTestDatabase();
  const databases = [database];
  const clients: RedisClients[] = [];
  const processes: BuiltApp[] = [];
  await options.prepare?.(database);
  for (let index = 0; index < options.count; index++) {
    const own = index > 0 && url ? await createDatabase({ url, poolSize: 5 }) : database;
    if (own !== database) databases.push(own);
    const redis = options.redisUrl ? await createRedisClients(options.redisUrl) : undefined;
    if (redis) clients.push(redis);
    const built = await buildApp(
      { ...config, ...(options.workers && { WORKERS_ENABLED: options.workers(index) }) },
      { database: own, jwtSecret: TEST_JWT_SECRET, redis, chain: options.chain },
    );
    if (options.listen) await built.app.listen({ port: 0, host: '127.0.0.1' });
    else await built.app.ready();
    processes.push(built);
  }
  return {
    database,
    /** The PostgreSQL server's URL of the database (scripts open their own pool on it); none on PGlite. */
    url,
    processes,
    async close() {
      for (const { app } of processes) await app.close();
      await Promise.all(clients.map((c) => c.close()));
      for (const each of databases.reverse()) await each.close();
      fs.rmSync(config.DATA_DIR, { recursive: true, force: true });
    },
  };
}
