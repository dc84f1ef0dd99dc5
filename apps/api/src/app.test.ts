import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { z } from 'zod';
import { emailSchema, passwordSchema } from '@app/shared/validation/rules';
import { EARLY_PAGE_STATE_SCRIPT } from '@app/shared/web/early-page-state';
import { HOLD_EARLY_TAPS_SCRIPT } from '@app/shared/web/hold-early-taps';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { buildApp } from './app';
import { createTestApp, testConfig, TEST_JWT_SECRET, type TestApp } from '../test/app';
import { createTestDatabase } from '../test/database';

describe('app skeleton', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      env: { RATE_LIMIT_AUTH_MAX: '3' },
      setup(app) {
        const api = app.withTypeProvider<ZodTypeProvider>();
        api.post(
          '/api/test/echo',
          {
            schema: {
              body: z.object({ email: emailSchema, password: passwordSchema, age: z.number().int().optional() }),
            },
          },
          async (request) => ({ email: request.body.email }),
        );
        api.get('/api/test/boom', async () => {
          throw new Error('secret database password is hunter2');
        });
        api.get('/api/test/strict', { config: { rateLimit: app.rateLimits.auth } }, async () => ({ ok: true }));
      },
    });
  });
  afterAll(() => t.close());

  it('answers health with the database checked', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('serves the OpenAPI description generated from the route schemas', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/health'].get.responses['200']).toBeDefined();
    expect(doc.paths['/api/test/echo'].post.requestBody.content['application/json'].schema.properties).toHaveProperty(
      'email',
    );
    const ui = await t.app.inject('/api/docs');
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('answers a validation failure with VALIDATION_ERROR and every failing field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { email: 'nope', password: 'abc' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR', message: 'Some fields are not valid' });
    expect(body.fields).toEqual(
      expect.arrayContaining([
        { path: 'email', key: 'msg.invalid-email', message: 'Invalid e-mail' },
        { path: 'password', key: 'msg.min-length?n=6', message: 'Min 6 characters' },
      ]),
    );
  });

  it('uses the shared schema transforms on valid input', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { email: ' A@B.CO ', password: 'Abcde1' },
    });
    expect(res.json()).toEqual({ email: 'a@b.co' });
  });

  it('answers malformed JSON and wrong content types from the catalogue', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'BAD_REQUEST' });
    const type = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(type.statusCode).toBe(415);
    expect(type.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers an unknown API path with NOT_FOUND', async () => {
    const res = await t.app.inject('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Not found' });
  });

  it('hides unknown errors behind a generic 500', async () => {
    const res = await t.app.inject('/api/test/boom');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      statusCode: 500,
      code: 'INTERNAL_ERROR',
      message: 'Something went wrong on our side',
    });
    expect(res.body).not.toContain('hunter2');
  });

  it('sets security headers and a request id, and leaves CORS off', async () => {
    // A page's policy (anything outside /api/, here a page that does not exist).
    const page = await t.app.inject({ url: '/no-such-page', headers: { origin: 'https://evil.example' } });
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    // Our own socket (PUBLIC_URL's host) and the map's style server (MAP_STYLE_URL), nothing else outside.
    expect(page.headers['content-security-policy']).toContain(
      "connect-src 'self' ws://localhost:3000 https://tiles.openfreemap.org;",
    );
    // Scripts from here, and the pages' two inline scripts by their hashes, nothing else.
    const hash = (script: string) => `'sha256-${crypto.createHash('sha256').update(script).digest('base64')}'`;
    expect(page.headers['content-security-policy']).toContain(
      `script-src 'self' ${hash(EARLY_PAGE_STATE_SCRIPT)} ${hash(HOLD_EARLY_TAPS_SCRIPT)};`,
    );
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    // An API answer: nothing loads, frames or sniffs it, no other origin reads it; no page headers.
    const res = await t.app.inject({ url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(res.headers).toMatchObject({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': page.headers['strict-transport-security'],
    });
    expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
    // The API docs are a page.
    const docs = await t.app.inject({ url: '/api/docs/json' });
    expect(docs.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBeDefined();
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const traced = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'trace-123' } });
    expect(traced.headers['x-request-id']).toBe('trace-123');
    const forged = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'bad id\nwith newline' } });
    // A refused id is replaced by a fresh UUID (which may itself contain the hex letters "bad").
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('limits the auth tier hardest and says when to retry', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await t.app.inject('/api/test/strict')).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    const res = await t.app.inject('/api/test/strict');
    expect(res.json()).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    expect(res.json().retryAfter).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // The global tier is separate and far higher.
    expect((await t.app.inject('/api/config/public')).statusCode).toBe(200);
  });

  it('serves the public configuration', async () => {
    const res = await t.app.inject('/api/config/public');
    expect(res.json()).toEqual({
      appEnv: 'development',
      appStoreUrl: null,
      supportEmail: 'support@meetnearby.app',
      socialUrl: null,
      minAge: 18,
      mapStyleUrl: 'https://tiles.openfreemap.org/styles/liberty',
      publicUrl: expect.stringMatching(/^http:\/\/localhost:\d+$/),
      adminHost: null,
    });
  });
});

describe('CORS when configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { CORS_ORIGINS: 'https://app.example' } });
  });
  afterAll(() => t.close());

  it('allows only the listed origins', async () => {
    const ok = await t.app.inject({ url: '/api/health', headers: { origin: 'https://app.example' } });
    expect(ok.headers['access-control-allow-origin']).toBe('https://app.example');
    const other = await t.app.inject({ url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('logging', () => {
  it('logs an unknown error with its request id, which also goes back to the client', async () => {
    const lines: Record<string, unknown>[] = [];
    const config = testConfig({ LOG_LEVEL: 'info' });
    const database = await createTestDatabase();
    const logStream = { write: (line: string) => void lines.push(JSON.parse(line)) };
    const { app } = await buildApp(config, { database, jwtSecret: TEST_JWT_SECRET, logStream });
    app.get('/api/test/fail', async () => {
      throw new Error('kaboom');
    });
    await app.ready();
    const res = await app.inject({ url: '/api/test/fail', headers: { 'x-request-id': 'req-42' } });
    await app.close();
    await database.close();
    expect(res.statusCode).toBe(500);
    expect(res.headers['x-request-id']).toBe('req-42');
    const errorLine = lines.find((l) => l.msg === 'unhandled error');
    expect(errorLine).toMatchObject({ reqId: 'req-42', level: 50 });
    expect(JSON.stringify(errorLine!.err)).toContain('kaboom');
    // Every request line carries the id too.
    expect(lines.filter((l) => l.reqId === 'req-42').length).toBeGreaterThanOrEqual(2);
  });
});
