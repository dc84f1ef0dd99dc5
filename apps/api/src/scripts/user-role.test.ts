import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { NFT_TYPE } from '@app/shared/constants';
import { createDatabase, type Database } from '../db/client';
import { auditLog, staffLevels, users } from '../db/schema';
import { findRepoRoot } from '../lib/paths';
import { createServerDatabase, MIGRATIONS } from '../../test/database';
import { bundleScript } from '../../test/bundle-script';

const ROOT = findRepoRoot();
const run = promisify(execFile);

/** The script bundled once: `npm run user:role` runs the same code through tsx, which compiles it per run. */
let script: string;
beforeAll(async () => {
  script = await bundleScript('apps/api/src/scripts/user-role.ts', 'user-role');
}, 60_000);
afterAll(() => fs.rmSync(script, { force: true }));

/** Runs the `npm run user:role` script as an operator would (without npm's banner), answering its exit code and output. */
async function userRole(env: Record<string, string | undefined>, ...args: string[]) {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  try {
    const { stdout, stderr } = await run(process.execPath, [script, ...args], {
      cwd: ROOT,
      env: { ...inherited, NODE_ENV: 'development', LOG_LEVEL: 'silent', ...env },
      timeout: 60_000,
    });
    return { code: 0, stdout: stdout.trim(), stderr: stderr.trim() };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout.trim(), stderr: failed.stderr.trim() };
  }
}

interface Target {
  env: Record<string, string>;
  open(): Promise<Database>;
  drop(): Promise<void>;
}

async function pgliteTarget(): Promise<Target> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'user-role-'));
  return {
    env: { DATA_DIR: dataDir },
    open: () => createDatabase({ dataDir }),
    drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function postgresTarget(serverUrl: string): Promise<Target> {
  const server = await createServerDatabase(serverUrl, 'role');
  return {
    env: { DATABASE_URL: server.url, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'user-role-pg-')) },
    open: () => createDatabase({ url: server.url, poolSize: 1 }),
    drop: () => server.drop(),
  };
}

// One target per pass, as every API file: the embedded default in `npm test`, PostgreSQL in the
// PostgreSQL pass (DATABASE_URL), which would otherwise run the PGlite half a second time.
const serverUrl = process.env.DATABASE_URL;
const targets: [string, () => Promise<Target>][] = serverUrl
  ? [['PostgreSQL', () => postgresTarget(serverUrl)]]
  : [['PGlite under DATA_DIR', pgliteTarget]];

describe.each(targets)('npm run user:role on %s', (_name, makeTarget) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** A database with one account in it, closed again: the script must be its only user. */
  async function withAccount(email: string) {
    const target = await makeTarget();
    cleanups.push(target.drop);
    const database = await target.open();
    await database.migrate(MIGRATIONS);
    const [user] = await database.db.insert(users).values({ email }).returning();
    await database.close();
    return { target, user: user! };
  }

  async function inspect(target: Target, userId: number) {
    const database = await target.open();
    try {
      const [user] = await database.db.select({ role: users.role }).from(users).where(eq(users.id, userId));
      const [level] = await database.db.select().from(staffLevels).where(eq(staffLevels.userId, userId));
      const audit = await database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetId, String(userId)));
      return { role: user?.role, level: level?.level ?? null, audit };
    } finally {
      await database.close();
    }
  }

  it('makes a moderator of a level, then an admin, each written to the audit log as the system', async () => {
    const { target, user } = await withAccount('Mod@Example.com');
    const moderator = await userRole(
      target.env,
      '--email',
      'mod@example.com',
      '--role',
      'moderator',
      '--level',
      'gold',
    );
    expect(moderator).toMatchObject({
      code: 0,
      stdout: `Mod@Example.com (id ${user.id}): user -> moderator, level GOLD`,
    });
    expect(await inspect(target, user.id)).toMatchObject({ role: 'moderator', level: NFT_TYPE.GOLD });

    const admin = await userRole(target.env, '--email', 'mod@example.com', '--role', 'admin');
    expect(admin).toMatchObject({ code: 0, stdout: `Mod@Example.com (id ${user.id}): moderator -> admin` });
    const after = await inspect(target, user.id);
    expect(after).toMatchObject({ role: 'admin', level: null });
    expect(after.audit.map((row) => [row.action, row.actorId, row.details])).toEqual([
      [
        'staff.role',
        null,
        expect.objectContaining({
          from: 'user',
          to: 'moderator',
          level: 'GOLD',
          source: 'user:role',
          operator: os.userInfo().username,
        }),
      ],
      ['staff.role', null, expect.objectContaining({ from: 'moderator', to: 'admin', source: 'user:role' })],
    ]);
  }, 120_000);

  it('refuses an unknown e-mail and bad arguments with one line and a non-zero exit, changing nothing', async () => {
    const { target, user } = await withAccount('someone@example.com');
    const unknown = await userRole(target.env, '--email', 'nobody@example.com', '--role', 'admin');
    expect(unknown).toMatchObject({ code: 1, stdout: '', stderr: 'No account with the e-mail nobody@example.com' });
    const badRole = await userRole(target.env, '--email', 'someone@example.com', '--role', 'root');
    expect(badRole.code).toBe(1);
    expect(badRole.stderr).toMatch(/^--role must be one of user, moderator, admin; usage: npm run user:role/);
    expect(badRole.stderr.split('\n')).toHaveLength(1);
    const levelForAdmin = await userRole(
      target.env,
      '--email',
      'someone@example.com',
      '--role',
      'admin',
      '--level',
      'GOLD',
    );
    expect(levelForAdmin).toMatchObject({ code: 1 });
    expect(await inspect(target, user.id)).toMatchObject({ role: 'user', audit: [] });
  }, 120_000);
});

describe('npm run user:role while the server runs', () => {
  it('refuses to open the embedded database another process holds', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'user-role-busy-'));
    try {
      // This test process stands in for `npm start`: it is alive and its pid holds DATA_DIR.
      fs.writeFileSync(path.join(dataDir, 'server.pid'), String(process.pid));
      const busy = await userRole({ DATA_DIR: dataDir }, '--email', 'a@example.com', '--role', 'admin');
      expect(busy.code).toBe(1);
      expect(busy.stderr).toBe(
        `Another server (pid ${process.pid}) is using ${dataDir}. Stop it, or set DATA_DIR to another directory to run a second instance.`,
      );
      expect(fs.existsSync(path.join(dataDir, 'pgdata'))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
