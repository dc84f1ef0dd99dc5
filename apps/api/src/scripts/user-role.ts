import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { ROLES, type Role } from '@app/shared/constants';
import { kycLevelSchema, type KycLevel } from '@app/shared/schemas/kyc';
import { loadConfig } from '../config';
import { createDatabase } from '../db/client';
import { staffLevels, users } from '../db/schema';
import { acquireInstanceLock } from '../lib/instance-lock';
import { createRedisClients } from '../lib/redis';
import { levelOfType } from '../modules/kyc/levels';
import { setRole } from '../modules/kyc/staff';
import { handsScope } from '../modules/meet/hands/scope';
import { createCacheChannel } from '../lib/cache-channel';

/**
 * `npm run user:role -- --email someone@example.com --role admin|moderator|user [--level GOLD]`:
 * the operator's way to name staff before any admin exists. It opens the same database as
 * `npm start` (PGlite under DATA_DIR, or DATABASE_URL) and writes the change through `setRole`,
 * so the audit log records it with no actor (the system) and the operator's login name. With
 * REDIS_URL, the running API processes drop the person's cached sessions at once; without it they
 * read them afresh within SESSION_CACHE_SECONDS (an embedded database has no server running beside).
 */

const USAGE =
  'usage: npm run user:role -- --email someone@example.com --role admin|moderator|user [--level SILVER|GOLD|PLATINUM]';

class UsageError extends Error {}

function parse(argv: string[]): { email: string; role: Role; level?: KycLevel } {
  const { values } = parseArgs({
    args: argv,
    options: { email: { type: 'string' }, role: { type: 'string' }, level: { type: 'string' } },
    strict: true,
  });
  const email = values.email?.trim();
  if (!email) throw new UsageError(`--email is required; ${USAGE}`);
  if (!ROLES.includes(values.role as Role)) throw new UsageError(`--role must be one of ${ROLES.join(', ')}; ${USAGE}`);
  const role = values.role as Role;
  if (values.level === undefined) return { email, role };
  const level = kycLevelSchema.safeParse(values.level.toUpperCase());
  if (!level.success) throw new UsageError(`--level must be SILVER, GOLD or PLATINUM; ${USAGE}`);
  if (role !== 'moderator') throw new UsageError("--level is a moderator's level: use it with --role moderator");
  return { email, role, level: level.data };
}

async function main(): Promise<string> {
  const args = parse(process.argv.slice(2));
  const config = loadConfig();
  // The embedded database takes one process at a time: refuse while `npm start` holds DATA_DIR.
  const release = config.DATABASE_URL ? () => {} : acquireInstanceLock(config.DATA_DIR);
  const database = await createDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL, poolSize: 1 } : { dataDir: config.DATA_DIR },
  );
  try {
    await database.migrate(path.join(config.ROOT_DIR, 'apps/api/drizzle'));
    const { db } = database;
    const [user] = await db
      .select({ id: users.id, email: users.email, role: users.role })
      .from(users)
      .where(sql`lower(${users.email}) = ${args.email.toLowerCase()}`);
    if (!user) throw new UsageError(`No account with the e-mail ${args.email}`);
    await setRole(
      db,
      { userId: user.id },
      { role: args.role, level: args.level },
      { id: null, source: 'user:role', operator: os.userInfo().username },
    );
    if (config.REDIS_URL) {
      const redis = await createRedisClients(config.REDIS_URL);
      const invalidation = createCacheChannel({
        redis: redis.client,
        scope: await handsScope(database, config.DATA_DIR),
        log: { warn: (obj, msg) => console.warn(msg, obj), error: (obj, msg) => console.error(msg, obj) },
      });
      try {
        await invalidation.start();
        await invalidation.forget({ users: [user.id] });
      } finally {
        await invalidation.close();
        await redis.close();
      }
    }
    const [level] = await db
      .select({ level: staffLevels.level })
      .from(staffLevels)
      .where(sql`${staffLevels.userId} = ${user.id}`);
    const levelText =
      args.role === 'moderator' ? `, level ${level ? levelOfType(level.level) : 'none (decides Silver only)'}` : '';
    return `${user.email} (id ${user.id}): ${user.role} -> ${args.role}${levelText}`;
  } finally {
    await database.close();
    release();
  }
}

main().then(
  (done) => {
    console.log(done);
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  },
);
