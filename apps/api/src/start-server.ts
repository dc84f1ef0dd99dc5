import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuiltApp } from './app';
import type { Config } from './config';
import { createDatabase } from './db/client';
import { acquireInstanceLock } from './lib/instance-lock';
import { createRedisClients } from './lib/redis';
import { loadDevSecrets } from './lib/secrets';
import { installGracefulShutdown } from './lib/shutdown';
import { startChain } from './chain/start-chain';
import { onFreshDevChain } from './modules/crypto/dev-chain-replay';
import pino from 'pino';
import { createLeadership } from './lib/leadership';
import { armCrashPoint } from './lib/crash-points';

/** The advisory-lock key of the chain workers' leader; the same in every process of this app. */
const CHAIN_LEADER_KEY = 727_431_002;

/** Everything `npm start` does after reading the config: data, database, app, listen. */
export async function startServer(
  config: Config,
  extend?: (app: FastifyInstance) => void | Promise<void>,
): Promise<BuiltApp> {
  armCrashPoint(config.CRASH_AT);
  const releaseLock = config.DATABASE_URL ? () => {} : acquireInstanceLock(config.DATA_DIR);
  const secrets = loadDevSecrets(config.DATA_DIR);
  const database = await createDatabase(
    config.DATABASE_URL
      ? { url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE }
      : { dataDir: config.DATA_DIR },
  );
  await database.migrate(path.join(config.ROOT_DIR, 'apps/api/drizzle'));
  const redis = config.REDIS_URL
    ? await createRedisClients(config.REDIS_URL, pino({ level: config.LOG_LEVEL }).child({ module: 'redis' }))
    : undefined;

  const chainLog = pino({ level: config.LOG_LEVEL }).child({ module: 'chain' });
  const chain = await startChain(config, chainLog);

  const built = await buildApp(config, {
    database,
    jwtSecret: config.JWT_SECRET ?? secrets.jwtSecret,
    redis,
    chain: chain.gateway,
  });
  const { app, services } = built;
  if (chain.fresh) await onFreshDevChain(services, chain, app.log);
  const workers = services.cryptoWorkers;
  if (config.WORKERS_ENABLED && workers) {
    // Every process may run workers; the chain's signers run only in the leader.
    const leadership = createLeadership({
      database,
      key: CHAIN_LEADER_KEY,
      onLead: () => workers.start(),
      onLose: () => workers.stop(),
      log: app.log,
    });
    leadership.start();
    app.addHook('preClose', () => leadership.stop());
  }
  app.addHook('onClose', async () => {
    await chain.gateway.close();
    await redis?.close();
    await database.close();
    releaseLock();
  });
  await extend?.(app);
  installGracefulShutdown(app, config.SHUTDOWN_TIMEOUT_MS);
  await app.listen({ port: config.PORT, host: config.HOST });
  return built;
}
