import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/app';
import { startTestChain, type TestChain } from '../test/chain';
import { sessions, users } from './db/schema';
import { totpFor } from './modules/security/totp';

/**
 * Every route behind a staff role, as the app registered it (`app.staffRoutes`), tried with each
 * kind of caller: nobody, a person, a moderator where only admins may, staff without an
 * authenticator, and, where money or KYC is decided, an admin whose code is no longer fresh.
 * The staff checks run before validation, so an empty body never answers first.
 */
const PASSWORD = 'Routes-pass1';
let t: TestApp;
let chain: TestChain;
let people = 0;

beforeAll(async () => {
  // With a chain, so the wallet's admin routes (supply, ICON) are there too.
  chain = await startTestChain();
  t = await createTestApp({
    chain: chain.gateway,
    env: { STAFF_SECOND_FACTOR: 'required', STAFF_FRESH_FACTOR_MINUTES: '5' },
  });
});
afterAll(async () => {
  await t?.close();
  await chain?.stop();
});

async function person(role: 'user' | 'moderator' | 'admin') {
  const email = `routes-${++people}-${Date.now()}@example.com`;
  const res = await t.app.inject({ method: 'POST', url: '/api/user/register', payload: { email, password: PASSWORD } });
  const id = res.json().user.id as number;
  await t.database.db.update(users).set({ role }).where(eq(users.id, id));
  const login = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password: PASSWORD } });
  return { id, token: login.json().token as string };
}

/** The route with each parameter filled in: the guards answer before anything is looked up. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1').replace(/\*$/, 'x');

async function codeOf(method: string, url: string, token?: string) {
  const res = await t.app.inject({
    method: method as 'GET',
    url: concrete(url),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.statusCode, code: (res.json() as { code?: string }).code };
}

describe('every staff route', () => {
  it('is listed, with the money and KYC decisions marked as wanting a fresh code', () => {
    const listed = t.app.staffRoutes.map((r) => `${r.method} ${r.url}${r.fresh ? ' (fresh)' : ''}`);
    expect(listed.length).toBeGreaterThan(20);
    expect(listed).toEqual(
      expect.arrayContaining([
        'GET /api/report/list',
        'PUT /api/cpa/settings (fresh)',
        'PATCH /api/kyc/moderate/:id (fresh)',
        'POST /api/kyc/moderate/:id/confirm (fresh)',
        'PUT /api/crypto/admin/supply (fresh)',
        'POST /api/crypto/admin/icon (fresh)',
      ]),
    );
  });

  it('refuses nobody, people, moderators where only admins may, and staff without an authenticator', async () => {
    const [user, moderator, admin] = await Promise.all([person('user'), person('moderator'), person('admin')]);
    for (const route of t.app.staffRoutes) {
      const where = `${route.method} ${route.url}`;
      expect(await codeOf(route.method, route.url), where).toMatchObject({ status: 401 });
      expect(await codeOf(route.method, route.url, user.token), where).toEqual({ status: 403, code: 'FORBIDDEN' });
      expect(await codeOf(route.method, route.url, moderator.token), where).toEqual(
        route.roles.includes('moderator')
          ? { status: 403, code: 'STAFF_TOTP_ENROL_REQUIRED' }
          : { status: 403, code: 'FORBIDDEN' },
      );
      expect(await codeOf(route.method, route.url, admin.token), where).toEqual({
        status: 403,
        code: 'STAFF_TOTP_ENROL_REQUIRED',
      });
    }
  });

  it('wants a fresh code for every money and KYC decision once the last is five minutes old', async () => {
    const admin = await person('admin');
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/user/totp/setup',
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { stepUp: { password: PASSWORD } },
    });
    const code = totpFor(setup.json().secret, 'x').generate();
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/user/totp/confirm',
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { code },
    });
    expect(confirmed.statusCode).toBe(200);
    await t.database.db
      .update(sessions)
      .set({ secondFactorAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(sessions.userId, admin.id));
    // Written behind the API's back: the session rows it cached have the proof of just now.
    t.services.sessionCache.forget({ all: true });
    const fresh = t.app.staffRoutes.filter((r) => r.fresh);
    expect(fresh.length).toBeGreaterThanOrEqual(5);
    for (const route of fresh) {
      expect(await codeOf(route.method, route.url, admin.token), `${route.method} ${route.url}`).toEqual({
        status: 403,
        code: 'STAFF_SECOND_FACTOR_STALE',
      });
    }
  });
});
