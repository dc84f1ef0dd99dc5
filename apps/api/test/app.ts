import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppServices } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { Database } from '../src/db/client';
import { users } from '../src/db/schema';
import type { PasswordParams } from '../src/lib/password';
import { createRedisClients, type RedisClients } from '../src/lib/redis';
import { createTestDatabase } from './database';
import type { ChainGateway } from '../src/chain/gateway';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

/**
 * OWASP's Argon2id cost (19 MiB, 2 passes) makes each hash take tens of milliseconds of a core;
 * tests check behaviour, not strength: 256 KiB and one pass take a fraction of a millisecond.
 * APP_ENV=production refuses them, so production tests run at the default cost.
 */
export const TEST_PASSWORD_PARAMS: PasswordParams = { memoryKiB: 256, passes: 1 };
export const TEST_PASSWORD_ENV = {
  PASSWORD_HASH_MEMORY_KIB: String(TEST_PASSWORD_PARAMS.memoryKiB),
  PASSWORD_HASH_PASSES: String(TEST_PASSWORD_PARAMS.passes),
};

export interface TestApp {
  app: FastifyInstance;
  /** What the composition built (clock, jobs, events, meet hands, ...): typed, never looked up on the app. */
  services: AppServices;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/** Test configuration: silent logs, a temporary data dir, no web build unless asked for. */
export function testConfig(env: Record<string, string> = {}): Config {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-test-'));
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    LOG_PRETTY: 'false',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    ...(env.APP_ENV !== 'production' && TEST_PASSWORD_ENV),
    // Every test socket comes from 127.0.0.1; the handshake limit's own test sets it low again.
    SOCKET_HANDSHAKES_PER_MINUTE: '100000',
    // Wallet tests send to fresh addresses; the step-up tests turn the new-address wait back on.
    WITHDRAW_NEW_ADDRESS_HOURS: '0',
    // Staff tests act with a plain admin token; staff-access.test.ts turns the second factor on.
    ...(env.APP_ENV !== 'production' && { STAFF_SECOND_FACTOR: 'off' }),
    ...env,
  });
}

/**
 * The app as `npm start` builds it, on a fresh test database, not listening: tests call
 * `app.inject`. `setup` may add routes before the app is ready.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    redisUrl?: string;
    chain?: ChainGateway;
    setup?: (app: FastifyInstance) => void | Promise<void>;
  } = {},
): Promise<TestApp> {
  const config = testConfig(options.env);
  const database = await createTestDatabase();
  const redis: RedisClients | undefined = options.redisUrl ? await createRedisClients(options.redisUrl) : undefined;
  const { app, services } = await buildApp(config, {
    database,
    jwtSecret: TEST_JWT_SECRET,
    redis,
    chain: options.chain,
  });
  await options.setup?.(app);
  await app.ready();
  return {
    app,
    services,
    database,
    config,
    async close() {
      await app.close();
      await redis?.close();
      await database.close();
      fs.rmSync(config.DATA_DIR, { recursive: true, force: true });
    },
  };
}

/** Profile fields that make a user an adult with a complete profile (the meet gate); a nickname is the caller's. */
export const COMPLETE_ADULT = {
  firstName: 'Anna',
  lastName: 'Petrova',
  gender: 1,
  birthday: new Date(Date.UTC(1990, 2, 5)),
} satisfies Partial<typeof users.$inferInsert>;

let sequence = 0;

/** Inserts a user row directly; the accounts module owns the real registration. */
export async function insertUser(
  database: Database,
  values: Partial<typeof users.$inferInsert> = {},
): Promise<typeof users.$inferSelect> {
  sequence += 1;
  const [row] = await database.db
    .insert(users)
    .values({ email: `user${sequence}-${Date.now()}@example.com`, ...values })
    .returning();
  return row!;
}
