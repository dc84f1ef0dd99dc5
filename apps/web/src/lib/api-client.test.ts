// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://127.0.0.1:45731/" }
import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, ApiError, errorEntries } from './api-client';
import { session } from './session';

/** A real HTTP server on the origin jsdom pretends to be, answering what each test needs. */
let server: http.Server;
let lastHeaders: http.IncomingHttpHeaders = {};
const answers = new Map<string, { status: number; body?: unknown }>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    lastHeaders = req.headers;
    const answer = answers.get(req.url!.split('?')[0]!) ?? {
      status: 404,
      body: { statusCode: 404, code: 'NOT_FOUND', message: 'Not found' },
    };
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(45731, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  localStorage.clear();
  session.clear();
  errorEntries.length = 0;
  answers.clear();
});

describe('api client', () => {
  it('returns the JSON of a successful call and sends the SPEC.md headers', async () => {
    answers.set('/api/thing', { status: 200, body: { ok: 1 } });
    session.save({ token: 'tok' });
    localStorage.setItem('cpa', '9');
    localStorage.setItem('cpa_expiration', String(Date.now() + 60_000));
    expect(await api('/thing', { query: { a: 1, b: undefined } })).toEqual({ ok: 1 });
    expect(lastHeaders).toMatchObject({ authorization: 'Bearer tok', accept: 'application/json', 'x-cpa': '9' });
    expect(lastHeaders['x-device-fingerprint']).toBe(localStorage.getItem('fp'));
    expect(lastHeaders['x-cpa-uid']).toBeUndefined();
  });

  it('throws the catalogue error and records an entry', async () => {
    answers.set('/api/fail', {
      status: 400,
      body: {
        statusCode: 400,
        code: 'VALIDATION_ERROR',
        message: 'Some fields are not valid',
        fields: [{ path: 'email', key: 'msg.invalid-email', message: 'Invalid e-mail' }],
      },
    });
    const error = (await api('/fail', { method: 'POST', body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', message: 'Some fields are not valid' });
    expect(error.fields[0]!.key).toBe('msg.invalid-email');
    expect(errorEntries.at(-1)).toMatchObject({ code: 400, url: '/api/fail', message: 'Some fields are not valid' });
  });

  it('defaults to UNKNOWN_ERROR when the body says nothing', async () => {
    answers.set('/api/empty', { status: 502 });
    const error = (await api('/empty').catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ status: 502, code: 'UNKNOWN_ERROR', message: 'UNKNOWN_ERROR' });
  });

  it('logs out silently on 401', async () => {
    answers.set('/api/user/me', { status: 401, body: { statusCode: 401, code: 'TOKEN_INVALID', message: 'x' } });
    session.save({ token: 'old' });
    let loggedOut = false;
    const off = session.onLogout(() => (loggedOut = true));
    await api('/user/me').catch(() => {});
    off();
    expect(session.get()).toBeNull();
    expect(localStorage.getItem('auth')).toBeNull();
    expect(loggedOut).toBe(true);
  });

  it('reports an unreachable server as NETWORK_ERROR', async () => {
    // Point the client at a port where nothing listens.
    const original = window.location.origin;
    const dead = new URL(original);
    dead.port = '1';
    Object.defineProperty(window, 'location', { value: new URL(dead.toString()), configurable: true });
    const error = (await api('/x').catch((e: unknown) => e)) as ApiError;
    Object.defineProperty(window, 'location', { value: new URL(original), configurable: true });
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });
});
