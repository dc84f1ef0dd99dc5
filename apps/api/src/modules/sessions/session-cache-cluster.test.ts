import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Database } from '../../db/client';
import { hashPassword } from '../../lib/password';
import { insertUser, TEST_PASSWORD_PARAMS, testConfig } from '../../../test/app';
import { startApiProcesses } from '../../../test/api-processes';
import { findRepoRoot } from '../../lib/paths';
import { bundleScript } from '../../../test/bundle-script';
import { testRedisUrl } from '../../../test/services';
import { until } from '../../../test/until';
import { createSessionCache, type SessionState } from './session-cache';
import { createCacheChannel } from '../../lib/cache-channel';

/**
 * Two API processes of one deployment (one database, one Redis), each with its own session cache
 * (decision 033): a change made through one answers only once the other dropped the rows, so the
 * very next request there is refused. The database is PostgreSQL under `npm run test:pg` (each app
 * with its own connection pool, so only Redis tells B of A's writes), else one in-memory PGlite
 * both apps share.
 */

const redisUrl = await testRedisUrl();
const PASSWORD = 'Secret-pass1';

describe.skipIf(!redisUrl)('the session caches of two API processes', () => {
  let cluster: Awaited<ReturnType<typeof startApiProcesses>> | undefined;
  let database: Database;
  let databaseUrl: string | undefined;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let passwordHash: string;
  let ip = 0;
  // One configuration: the same DATA_DIR names the same deployment on PGlite. The rows do not
  // expire from the caches during a test, so only the invalidation can refuse what they hold.
  const config = testConfig({ RATE_LIMIT_MAX: '100000', RATE_LIMIT_AUTH_MAX: '10000', SESSION_CACHE_SECONDS: '300' });

  beforeAll(async () => {
    // B has its own connection pool on PostgreSQL (as another process has), the same PGlite otherwise.
    cluster = await startApiProcesses(config, { count: 2, redisUrl });
    ({ database, url: databaseUrl } = cluster);
    [a, b] = cluster.processes.map(({ app }) => app) as [FastifyInstance, FastifyInstance];
    passwordHash = await hashPassword(PASSWORD, TEST_PASSWORD_PARAMS);
  });
  afterAll(() => cluster?.close());

  function call(app: FastifyInstance, method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) {
    ip += 1;
    return app.inject({
      method,
      url,
      payload,
      remoteAddress: `10.4.${Math.floor(ip / 250) % 250}.${ip % 250}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  }
  const me = async (app: FastifyInstance, token: string) => {
    const res = await call(app, 'GET', '/api/user/me', token);
    return res.statusCode === 200 ? 'ok' : (res.json().code as string);
  };
  const staffRoute = async (app: FastifyInstance, token: string) => {
    const res = await call(app, 'GET', '/api/control/people?offset=0&limit=5', token);
    return res.statusCode === 200 ? 'ok' : (res.json().code as string);
  };

  /** Signed in twice (on A); each token used once on both processes, so both have cached its row. */
  async function person(role: 'user' | 'admin' = 'user') {
    const user = await insertUser(database, { passwordHash, role });
    const login = async () => {
      const res = await call(a, 'POST', '/api/user/login', undefined, { email: user.email, password: PASSWORD });
      expect(res.statusCode, res.body).toBe(200);
      const token = res.json().token as string;
      expect(await me(a, token)).toBe('ok');
      expect(await me(b, token)).toBe('ok');
      return token;
    };
    return { id: user.id, email: user.email, laptop: await login(), phone: await login() };
  }

  it('refuses a session logged out on the other process at once', async () => {
    const anna = await person();
    expect((await call(a, 'POST', '/api/user/logout', anna.laptop)).statusCode).toBe(200);
    expect(await me(b, anna.laptop)).toBe('SESSION_ENDED');
    expect(await me(b, anna.phone)).toBe('ok');
  });

  it('refuses the other sessions at once after "end other sessions" or a password change there', async () => {
    const anna = await person();
    expect((await call(a, 'POST', '/api/user/sessions/end-all', anna.laptop, {})).json()).toEqual({ ended: 1 });
    expect(await me(b, anna.phone)).toBe('SESSION_ENDED');
    expect(await me(b, anna.laptop)).toBe('ok');

    const oleg = await person();
    const change = await call(b, 'POST', '/api/user/password/change', oleg.laptop, {
      password: 'Newer-pass2',
      stepUp: { password: PASSWORD },
    });
    expect(change.json()).toEqual({ ok: true });
    expect(await me(a, oleg.phone)).toBe('SESSION_ENDED');
  });

  it('shows a profile changed on the other process at once on GET /api/user/me', async () => {
    const anna = await person();
    const firstName = async (app: FastifyInstance) =>
      ((await call(app, 'GET', '/api/user/me', anna.laptop)).json() as { profile: { firstName: string | null } })
        .profile.firstName;
    expect(await firstName(b)).toBeNull();
    const update = await call(a, 'POST', '/api/user/profile-update', anna.laptop, { firstName: 'Anna' });
    expect(update.statusCode, update.body).toBe(200);
    expect(await firstName(b)).toBe('Anna');
  });

  it('refuses a person blocked on the other process at once', async () => {
    const admin = await person('admin');
    const anna = await person();
    const block = await call(a, 'POST', `/api/control/people/${anna.id}/block`, admin.laptop, { reason: 'spam' });
    expect(block.statusCode, block.body).toBe(200);
    expect(await me(b, anna.laptop)).toBe('TOKEN_INVALID');
    expect(await me(b, anna.phone)).toBe('TOKEN_INVALID');
  });

  // The script opens the same database from its own process: a server's, not an in-memory PGlite.
  it.skipIf(!process.env.DATABASE_URL)(
    'follows a role changed by `npm run user:role` (with REDIS_URL) at once',
    async () => {
      const script = await bundleScript('apps/api/src/scripts/user-role.ts', 'user-role-cache');
      try {
        const boris = await person('admin');
        expect(await staffRoute(b, boris.laptop)).toBe('ok');
        const { stdout } = await promisify(execFile)(
          process.execPath,
          [script, '--email', boris.email, '--role', 'user'],
          {
            cwd: findRepoRoot(),
            env: {
              ...process.env,
              NODE_ENV: 'development',
              LOG_LEVEL: 'silent',
              DATA_DIR: config.DATA_DIR,
              DATABASE_URL: databaseUrl,
              REDIS_URL: redisUrl,
            },
            timeout: 60_000,
          },
        );
        expect(stdout).toContain('admin -> user');
        expect(await staffRoute(a, boris.laptop)).toBe('FORBIDDEN');
        expect(await staffRoute(b, boris.phone)).toBe('FORBIDDEN');
      } finally {
        fs.rmSync(script, { force: true });
      }
    },
    120_000,
  );

  it('follows a role changed on the other process at once', async () => {
    const admin = await person('admin');
    const boris = await person('admin');
    expect(await staffRoute(b, boris.laptop)).toBe('ok');
    const demote = await call(a, 'PUT', `/api/control/people/${boris.id}/role`, admin.laptop, {
      role: 'user',
      reason: 'left the team',
    });
    expect(demote.statusCode, demote.body).toBe(200);
    expect(await staffRoute(b, boris.laptop)).toBe('FORBIDDEN');
  });
});

describe.skipIf(!redisUrl)('the invalidation channel', () => {
  const log = { warn: () => undefined, error: () => undefined };
  const row: SessionState = {
    userId: 1,
    endedAt: null,
    expiresAt: new Date(Date.now() + 3_600_000),
    lastSeenAt: new Date(),
    secondFactorAt: null,
    role: 'user',
    blockedAt: null,
    deletedAt: null,
  };
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(redisUrl!);
  });
  afterAll(() => redis?.disconnect());
  const newScope = () => `test-${crypto.randomBytes(6).toString('hex')}`;

  it('answers a change only once every listening process dropped the rows', async () => {
    const scope = newScope();
    const caches = [createSessionCache({ ttlMs: 60_000 }), createSessionCache({ ttlMs: 60_000 })];
    const listeners = caches.map((cache) => {
      const channel = createCacheChannel({ redis, scope, log });
      channel.add(cache);
      return channel;
    });
    // The `user:role` script: it publishes and has no cache of its own.
    const script = createCacheChannel({ redis, scope, log });
    try {
      for (const listener of [...listeners, script]) await listener.start();
      for (const cache of caches) {
        cache.set('s', row, cache.mark());
        cache.set('t', { ...row, userId: 2 }, cache.mark());
      }
      await script.forget({ users: [1] });
      // No waiting: the change is answered when both have dropped the row.
      expect(caches.map((cache) => cache.get('s'))).toEqual([undefined, undefined]);
      expect(caches.every((cache) => cache.get('t')?.userId === 2)).toBe(true);
    } finally {
      for (const listener of [...listeners, script]) await listener.close();
    }
  });

  it('keeps nothing cached while its subscription is down', async () => {
    const scope = newScope();
    const cache = createSessionCache({ ttlMs: 60_000 });
    // What suspending means is the cache's own test; here: when it happens.
    const calls = { suspend: 0, resume: 0 };
    const { suspend, resume } = cache;
    cache.suspend = () => (calls.suspend++, suspend());
    cache.resume = () => (calls.resume++, resume());
    const invalidation = createCacheChannel({ redis, scope, log });
    invalidation.add(cache);
    const keeps = () => {
      cache.set('s', row, cache.mark());
      const kept = cache.get('s') !== undefined;
      cache.forget({ all: true });
      return kept;
    };
    try {
      await invalidation.start();
      expect(calls).toEqual({ suspend: 1, resume: 1 });
      expect(keeps()).toBe(true);

      const list = (await redis.client('LIST')) as string;
      const id = list
        .split('\n')
        .find((line) => line.includes(` name=caches:${scope} `))
        ?.match(/^id=(\d+)/)?.[1];
      expect(id).toBeDefined();
      await redis.client('KILL', 'ID', id!);
      await until(() => calls.suspend === 2, 5_000, 'the cache to be suspended');
      await until(() => calls.resume === 2, 10_000, 'the cache to resume once resubscribed');
      expect(keeps()).toBe(true);
      // Listening again: another process's change reaches it.
      const other = createCacheChannel({ redis, scope, log });
      await other.start();
      cache.set('s', row, cache.mark());
      await other.forget({ sessions: ['s'] });
      expect(cache.get('s')).toBeUndefined();
      await other.close();
    } finally {
      await invalidation.close();
    }
  });
});
