import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { createTestApp, insertUser, TEST_JWT_SECRET, type TestApp } from '../../test/app';

describe('authentication hook', () => {
  let t: TestApp;
  let userToken: string;
  let adminToken: string;
  let blockedToken: string;
  let deletedToken: string;

  beforeAll(async () => {
    t = await createTestApp({
      setup(app) {
        app.register(async (scope) => {
          scope.addHook('preHandler', scope.authenticate);
          scope.get('/api/test/me', async (request) => request.auth);
          scope.get('/api/test/admin', { preHandler: scope.requireRole('admin') }, async () => ({ ok: true }));
        });
      },
    });
    const user = await insertUser(t.database);
    const admin = await insertUser(t.database, { role: 'admin' });
    const blocked = await insertUser(t.database, { blockedAt: new Date() });
    const deleted = await insertUser(t.database, { deletedAt: new Date() });
    userToken = await t.app.tokens.sign(user.id);
    adminToken = await t.app.tokens.sign(admin.id);
    blockedToken = await t.app.tokens.sign(blocked.id);
    deletedToken = await t.app.tokens.sign(deleted.id);
  });
  afterAll(() => t.close());

  const get = (url: string, token?: string) =>
    t.app.inject({ url, headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('lets a valid token through and tells the route who it is', async () => {
    const res = await get('/api/test/me', userToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: 'user' });
  });

  it('asks for a login without a token', async () => {
    const res = await get('/api/test/me');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'AUTH_REQUIRED' });
  });

  it.each([
    ['garbage', 'not.a.jwt'],
    ['wrong signature', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl'],
  ])('refuses a %s token', async (_name, token) => {
    const res = await get('/api/test/me', token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'TOKEN_INVALID' });
  });

  it('refuses an expired token and one signed with another key', async () => {
    const key = new TextEncoder().encode(TEST_JWT_SECRET);
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(key);
    const foreign = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(40)));
    for (const token of [expired, foreign]) {
      expect((await get('/api/test/me', token)).json()).toMatchObject({ code: 'TOKEN_INVALID' });
    }
  });

  it('issues tokens that expire after 259200 seconds', async () => {
    const [, payload] = userToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(259200);
  });

  it('stops a token of a blocked or deleted user, or of a user or session that does not exist', async () => {
    const key = new TextEncoder().encode(TEST_JWT_SECRET);
    const signed = (sub: string, claims: Record<string, unknown>) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject(sub).setExpirationTime('1h').sign(key);
    const nobody = await signed('999999', { sid: crypto.randomUUID() });
    const [, payload] = userToken.split('.');
    const { sub } = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    // A well-signed token of a real user whose session was never started, or that names none.
    const noSession = await signed(sub, { sid: crypto.randomUUID() });
    const sessionless = await signed(sub, {});
    for (const token of [blockedToken, deletedToken, nobody, noSession, sessionless]) {
      const res = await get('/api/test/me', token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'TOKEN_INVALID' });
    }
  });

  it('checks roles on the server', async () => {
    expect((await get('/api/test/admin', userToken)).json()).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
    expect((await get('/api/test/admin', adminToken)).json()).toEqual({ ok: true });
  });
});
