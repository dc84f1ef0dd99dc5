import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { createTestApp, insertUser, testConfig, TEST_JWT_SECRET, type TestApp } from '../test/app';
import { createTestDatabase } from '../test/database';
import { redactUrl } from './lib/log-redaction';

/** What the app shows of itself: the content security policy, the API docs, the request log. */
describe('content security policy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { PUBLIC_URL: 'https://meet.example', MAP_STYLE_URL: 'https://tiles.example/styles/dark' },
    });
  });
  afterAll(() => t.close());

  it('lets scripts connect only to our own host and the map, not to any socket anywhere', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/market' });
    const policy = String(res.headers['content-security-policy']);
    const connect = policy
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('connect-src'))!
      .split(/\s+/)
      .slice(1);
    expect(connect).toEqual(["'self'", 'wss://meet.example', 'https://tiles.example']);
  });
});

describe('API docs', () => {
  const apps: TestApp[] = [];
  const withDocs = async (API_DOCS?: string) => {
    const t = await createTestApp({ env: API_DOCS ? { API_DOCS } : {} });
    apps.push(t);
    return t;
  };
  afterAll(async () => {
    for (const t of apps) await t.close();
  });
  const bearer = async (t: TestApp, role: 'user' | 'moderator' | 'admin') => ({
    authorization: `Bearer ${await t.app.tokens.sign((await insertUser(t.database, { role })).id)}`,
  });

  it('are open to everyone in development', async () => {
    const t = await withDocs();
    expect(t.config.API_DOCS).toBe('public');
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
  });

  it('with staff, answer only a signed-in moderator or admin', async () => {
    const t = await withDocs('staff');
    for (const url of ['/api/docs/json', '/api/docs', '/api/docs/static/index.html']) {
      const anonymous = await t.app.inject({ method: 'GET', url });
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json().code).toBe('AUTH_REQUIRED');
    }
    const user = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: await bearer(t, 'user') });
    expect(user.statusCode).toBe(403);
    for (const role of ['moderator', 'admin'] as const) {
      const staff = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: await bearer(t, role) });
      expect(staff.statusCode, role).toBe(200);
      expect(staff.json().openapi).toMatch(/^3\./);
    }
  });

  it('with off, are not served at all', async () => {
    const t = await withDocs('off');
    const admin = await bearer(t, 'admin');
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: admin })).statusCode).toBe(404);
  });
});

describe('request log', () => {
  it('keeps one-time codes and the provider callback’s code and state out of the URLs it logs', async () => {
    const lines: string[] = [];
    const database = await createTestDatabase();
    const config = testConfig({ LOG_LEVEL: 'info' });
    const { app } = await buildApp(config, {
      database,
      jwtSecret: TEST_JWT_SECRET,
      logStream: { write: (line) => lines.push(line) },
    });
    await app.ready();
    try {
      await app.inject({ method: 'POST', url: '/api/user/email/verify/check/483920' });
      await app.inject({ method: 'GET', url: '/api/user/apple/callback?code=c0de-SECRET&state=st4te-SECRET&x=1' });
      const log = lines.join('\n');
      expect(log).toContain('/api/user/email/verify/check/[redacted]');
      expect(log).toContain('/api/user/apple/callback?code=[redacted]&state=[redacted]&x=1');
      expect(log).not.toMatch(/483920|c0de-SECRET|st4te-SECRET/);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('redacts by key in any case and leaves other values alone', () => {
    expect(redactUrl('/a?State=1&Code=2&page=3')).toBe('/a?State=[redacted]&Code=[redacted]&page=3');
    expect(redactUrl('/api/user/email/verify/check/123456?x=1')).toBe('/api/user/email/verify/check/[redacted]?x=1');
    expect(redactUrl('/api/crypto/wallet')).toBe('/api/crypto/wallet');
  });
});
