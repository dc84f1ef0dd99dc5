import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import type { Me } from '@app/shared/schemas/user';
import type { Database } from '../../db/client';
import { kycApplications, sessions, users } from '../../db/schema';
import { hashPassword } from '../../lib/password';
import { createTestApp, insertUser, TEST_PASSWORD_PARAMS, type TestApp } from '../../../test/app';
import { createSessionCache, type SessionState } from './session-cache';

/**
 * Decision 033: an API process answers the auth check from the session rows it read lately, and
 * every change that ends a session or touches what the check reads of its person (role, block,
 * second factor) empties them before it answers: the very next request is refused (or, for a
 * promotion, admitted). GET /api/user/me's answers are kept too, and any committed change of a
 * user row or a KYC application drops them. Across processes: session-cache-cluster.test.ts.
 */

/** An UPDATE the API's database client does not see (as psql by hand would run it). */
async function writeBehindTheClient(database: Database, text: string, values: unknown[]) {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.driver === 'pglite') {
    const { query } = Object.getPrototypeOf(client) as { query: (text: string, values: unknown[]) => Promise<unknown> };
    await query.call(client, text, values);
    return;
  }
  const other = new pg.Client({ connectionString: (client as pg.Pool).options.connectionString });
  await other.connect();
  await other.query(text, values);
  await other.end();
}

const state = (userId: number): SessionState => ({
  userId,
  endedAt: null,
  expiresAt: new Date(Date.now() + 3_600_000),
  lastSeenAt: new Date(),
  secondFactorAt: null,
  role: 'user',
  blockedAt: null,
  deletedAt: null,
});

describe('the session cache', () => {
  it('keeps a row until it is forgotten by session, by person, or all at once', () => {
    const cache = createSessionCache({ ttlMs: 60_000 });
    cache.set('a', state(1), cache.mark());
    cache.set('b', state(1), cache.mark());
    cache.set('c', state(2), cache.mark());
    expect(cache.get('a')?.userId).toBe(1);
    cache.forget({ sessions: ['a'] });
    expect(cache.get('a')).toBeUndefined();
    cache.forget({ users: [1] });
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')?.userId).toBe(2);
    cache.forget({ all: true });
    expect(cache.size).toBe(0);
  });

  it('does not keep what a read brought back when a change came while it ran', () => {
    const cache = createSessionCache({ ttlMs: 60_000 });
    const mark = cache.mark();
    // The read began, the session ended and was forgotten, then the read returned its older row.
    cache.forget({ sessions: ['other'] });
    cache.set('a', state(1), mark);
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps nothing while suspended (its process cannot hear the others), nor with a TTL of 0', () => {
    const cache = createSessionCache({ ttlMs: 60_000 });
    cache.set('a', state(1), cache.mark());
    cache.suspend();
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', state(1), cache.mark());
    expect(cache.get('a')).toBeUndefined();
    cache.resume();
    cache.set('a', state(1), cache.mark());
    expect(cache.get('a')?.userId).toBe(1);

    const off = createSessionCache({ ttlMs: 0 });
    off.set('a', state(1), off.mark());
    expect(off.get('a')).toBeUndefined();
  });
});

describe('an authenticated request after a change', () => {
  const PASSWORD = 'Secret-pass1';
  let t: TestApp;
  let passwordHash: string;
  let ip = 0;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_MAX: '100000', RATE_LIMIT_AUTH_MAX: '10000' } });
    passwordHash = await hashPassword(PASSWORD, TEST_PASSWORD_PARAMS);
  });
  afterAll(() => t?.close());

  function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) {
    ip += 1;
    return t.app.inject({
      method,
      url,
      payload,
      remoteAddress: `10.3.${Math.floor(ip / 250) % 250}.${ip % 250}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  }
  /** The code of GET /api/user/me with the token ('ok' when it answers 200). */
  const me = async (token: string) => {
    const res = await call('GET', '/api/user/me', token);
    return res.statusCode === 200 ? 'ok' : (res.json().code as string);
  };
  const staffRoute = async (token: string) => {
    const res = await call('GET', '/api/control/people?offset=0&limit=5', token);
    return res.statusCode === 200 ? 'ok' : (res.json().code as string);
  };

  /** A person with a password signed in on two devices, each token used once (so its row is cached). */
  async function person(role: 'user' | 'admin' = 'user') {
    const user = await insertUser(t.database, { passwordHash, role });
    const login = async () => {
      const res = await call('POST', '/api/user/login', undefined, { email: user.email, password: PASSWORD });
      expect(res.statusCode, res.body).toBe(200);
      const token = res.json().token as string;
      expect(await me(token)).toBe('ok');
      return token;
    };
    return { id: user.id, email: user.email, laptop: await login(), phone: await login() };
  }

  it('is answered from the cache: a row changed behind the API is not read again', async () => {
    const anna = await person();
    await t.database.db.update(sessions).set({ endedAt: new Date() }).where(eq(sessions.userId, anna.id));
    expect(await me(anna.laptop)).toBe('ok');
    t.services.sessionCache.forget({ all: true });
    expect(await me(anna.laptop)).toBe('SESSION_ENDED');
  });

  it('is refused at once after a logout, and the other device stays signed in', async () => {
    const anna = await person();
    expect((await call('POST', '/api/user/logout', anna.laptop)).statusCode).toBe(200);
    expect(await me(anna.laptop)).toBe('SESSION_ENDED');
    expect(await me(anna.phone)).toBe('ok');
  });

  it('is refused at once on the other devices after "end other sessions" or ending one of them', async () => {
    const anna = await person();
    expect((await call('POST', '/api/user/sessions/end-all', anna.laptop, {})).json()).toEqual({ ended: 1 });
    expect(await me(anna.phone)).toBe('SESSION_ENDED');
    expect(await me(anna.laptop)).toBe('ok');

    const oleg = await person();
    const { sessions: list } = (await call('GET', '/api/user/sessions', oleg.laptop)).json() as {
      sessions: { id: string; current: boolean }[];
    };
    const other = list.find((s) => !s.current)!;
    expect((await call('DELETE', `/api/user/sessions/${other.id}`, oleg.laptop)).statusCode).toBe(200);
    expect(await me(oleg.phone)).toBe('SESSION_ENDED');
  });

  it('is refused at once on the other devices after a password change', async () => {
    const anna = await person();
    const change = await call('POST', '/api/user/password/change', anna.laptop, {
      password: 'Newer-pass2',
      stepUp: { password: PASSWORD },
    });
    expect(change.json()).toEqual({ ok: true });
    expect(await me(anna.phone)).toBe('SESSION_ENDED');
    expect(await me(anna.laptop)).toBe('ok');
  });

  it('is refused at once on every device of a blocked person', async () => {
    const admin = await person('admin');
    const anna = await person();
    const block = await call('POST', `/api/control/people/${anna.id}/block`, admin.laptop, { reason: 'spam' });
    expect(block.statusCode, block.body).toBe(200);
    expect(await me(anna.laptop)).toBe('TOKEN_INVALID');
    expect(await me(anna.phone)).toBe('TOKEN_INVALID');
  });

  it('answers GET /api/user/me from the cache, and shows a change at once whichever code made it', async () => {
    const anna = await person();
    const profile = async () => (await call('GET', '/api/user/me', anna.laptop)).json() as Me;
    expect((await profile()).profile.firstName).toBeNull();
    // Behind the API's back: the kept answer stands.
    await writeBehindTheClient(t.database, 'update users set first_name = $1 where id = $2', ['Behind', anna.id]);
    expect((await profile()).profile.firstName).toBeNull();
    // Through the API.
    const update = await call('POST', '/api/user/profile-update', anna.laptop, { firstName: 'Anna' });
    expect(update.statusCode, update.body).toBe(200);
    expect((await profile()).profile.firstName).toBe('Anna');
    // Any code on the database client: a module's own update, a KYC approval.
    await t.database.db.update(users).set({ lastName: 'Petrova' }).where(eq(users.id, anna.id));
    expect((await profile()).profile.lastName).toBe('Petrova');
    expect((await profile()).verified).toBe(false);
    await t.database.db.insert(kycApplications).values({ userId: anna.id, status: 'approved', requestedType: 1 });
    expect((await profile()).verified).toBe(true);
  });

  it('follows a role change at once, both ways', async () => {
    const admin = await person('admin');
    const boris = await person('admin');
    expect(await staffRoute(boris.laptop)).toBe('ok');
    const demote = await call('PUT', `/api/control/people/${boris.id}/role`, admin.laptop, {
      role: 'user',
      reason: 'left the team',
    });
    expect(demote.statusCode, demote.body).toBe(200);
    expect(await staffRoute(boris.laptop)).toBe('FORBIDDEN');
    expect(await staffRoute(boris.phone)).toBe('FORBIDDEN');

    // The KYC module's staff designation, a user made moderator and back.
    const vera = await person();
    const moderatorsRoute = async (token: string) => (await call('GET', '/api/kyc/moderators', token)).statusCode;
    expect((await call('GET', '/api/report/list?offset=0&limit=5', vera.laptop)).statusCode).toBe(403);
    const made = await call('PUT', `/api/kyc/moderators/${vera.id}`, admin.laptop, {
      role: 'moderator',
      level: 'SILVER',
    });
    expect(made.statusCode, made.body).toBe(200);
    expect((await call('GET', '/api/report/list?offset=0&limit=5', vera.laptop)).statusCode).toBe(200);
    const back = await call('PUT', `/api/kyc/moderators/${vera.id}`, admin.laptop, { role: 'user' });
    expect(back.statusCode, back.body).toBe(200);
    expect((await call('GET', '/api/report/list?offset=0&limit=5', vera.laptop)).statusCode).toBe(403);
    expect(await moderatorsRoute(vera.laptop)).toBe(403);
  });
});
