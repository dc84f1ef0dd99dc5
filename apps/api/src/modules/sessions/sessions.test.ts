import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessionListSchema } from '@app/shared/schemas/sessions';
import { sessions } from '../../db/schema';
import { hashPassword } from '../../lib/password';
import { createTestApp, insertUser, TEST_PASSWORD_PARAMS, type TestApp } from '../../../test/app';
import { startSmtpInbox, type SmtpInbox } from '../../../test/smtp-inbox';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const PASSWORD = 'Secret1a';

let t: TestApp;
let smtp: SmtpInbox;
let passwordHash: string;
let ip = 0;

beforeAll(async () => {
  smtp = await startSmtpInbox();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, RATE_LIMIT_AUTH_MAX: '1000' } });
  passwordHash = await hashPassword(PASSWORD, TEST_PASSWORD_PARAMS);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

function call(method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: object, headers = {}) {
  ip += 1;
  return t.app.inject({
    method,
    url,
    payload,
    remoteAddress: `10.1.${Math.floor(ip / 250)}.${ip % 250}`,
    headers: { ...(token && { authorization: `Bearer ${token}` }), ...headers },
  });
}

/** A person with a password, signed in from two devices. */
async function personOnTwoDevices() {
  const user = await insertUser(t.database, { passwordHash });
  const login = async (userAgent: string) => {
    const res = await call(
      'POST',
      '/api/user/login',
      undefined,
      { email: user.email, password: PASSWORD },
      {
        'user-agent': userAgent,
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().token as string;
  };
  return { user, laptop: await login(CHROME_WINDOWS), phone: await login(SAFARI_IPHONE) };
}

const me = (token: string) => call('GET', '/api/user/me', token);
const list = async (token: string) => sessionListSchema.parse((await call('GET', '/api/user/sessions', token)).json());

describe('the sessions list', () => {
  it('shows each sign-in with its device, no country without a trusted proxy, and marks this device', async () => {
    const { laptop } = await personOnTwoDevices();
    const { sessions: items } = await list(laptop);
    expect(items).toHaveLength(2);
    expect(items.map((s) => s.device).sort()).toEqual(['Chrome on Windows', 'Safari on iPhone']);
    // This device first, whatever the others' last seen.
    expect(items[0]).toMatchObject({ current: true, device: 'Chrome on Windows' });
    expect(items.filter((s) => s.current)).toHaveLength(1);
    expect(items.every((s) => s.country === null)).toBe(true);
  });

  it('moves "last seen" forward at most once a minute', async () => {
    const { user, laptop } = await personOnTwoDevices();
    const { sessions: items } = await list(laptop);
    const current = items.find((s) => s.current)!;
    const longAgo = new Date(Date.now() - 5 * 60_000);
    await t.database.db.update(sessions).set({ lastSeenAt: longAgo }).where(eq(sessions.userId, user.id));
    // Written behind the API's back: the cached rows still say "just now".
    t.services.sessionCache.forget({ all: true });
    await me(laptop);
    const [seen] = await t.database.db.select().from(sessions).where(eq(sessions.id, current.id));
    expect(seen!.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 10_000);
    const justNow = new Date(Date.now() - 30_000);
    await t.database.db.update(sessions).set({ lastSeenAt: justNow }).where(eq(sessions.id, current.id));
    t.services.sessionCache.forget({ all: true });
    await me(laptop);
    const [again] = await t.database.db.select().from(sessions).where(eq(sessions.id, current.id));
    expect(again!.lastSeenAt.getTime()).toBe(justNow.getTime());
  });

  it('keeps the session of a profile update: its new token is of the same sign-in', async () => {
    const { laptop } = await personOnTwoDevices();
    const res = await call('POST', '/api/user/profile-update', laptop, { firstName: 'Anna' });
    expect(res.statusCode, res.body).toBe(200);
    const { sessions: items } = await list(res.json().token);
    expect(items).toHaveLength(2);
    expect(items.find((s) => s.current)?.device).toBe('Chrome on Windows');
  });

  it('needs a token', async () => {
    expect((await call('GET', '/api/user/sessions')).json()).toMatchObject({ code: 'AUTH_REQUIRED' });
  });
});

describe('ending sessions', () => {
  it('logs out this device: its token answers SESSION_ENDED, the other device stays signed in', async () => {
    const { laptop, phone } = await personOnTwoDevices();
    expect((await call('POST', '/api/user/logout', laptop)).json()).toEqual({ ok: true });
    const refused = await me(laptop);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'SESSION_ENDED' });
    expect((await me(phone)).statusCode).toBe(200);
    expect((await list(phone)).sessions.map((s) => s.device)).toEqual(['Safari on iPhone']);
  });

  it('ends one session from the list, and not one of somebody else', async () => {
    const { laptop, phone } = await personOnTwoDevices();
    const stranger = await personOnTwoDevices();
    const phoneSession = (await list(laptop)).sessions.find((s) => !s.current)!;
    const strangers = (await list(stranger.laptop)).sessions[0]!;

    expect((await call('DELETE', `/api/user/sessions/${strangers.id}`, laptop)).json()).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await me(stranger.laptop)).statusCode).toBe(200);

    expect((await call('DELETE', `/api/user/sessions/${phoneSession.id}`, laptop)).json()).toEqual({ ok: true });
    expect((await me(phone)).json()).toMatchObject({ code: 'SESSION_ENDED' });
    expect((await me(laptop)).statusCode).toBe(200);
    // Once ended it is gone from the list, and cannot be ended twice.
    expect((await call('DELETE', `/api/user/sessions/${phoneSession.id}`, laptop)).statusCode).toBe(404);
  });

  it('logs out everywhere else, keeping this device', async () => {
    const { user, laptop, phone } = await personOnTwoDevices();
    const third = (await call('POST', '/api/user/login', undefined, { email: user.email, password: PASSWORD })).json()
      .token as string;
    expect((await call('POST', '/api/user/sessions/end-all', laptop)).json()).toEqual({ ended: 2 });
    expect((await me(phone)).json()).toMatchObject({ code: 'SESSION_ENDED' });
    expect((await me(third)).json()).toMatchObject({ code: 'SESSION_ENDED' });
    expect((await me(laptop)).statusCode).toBe(200);
  });

  it('logs out everywhere, this device too, when asked', async () => {
    const { laptop, phone } = await personOnTwoDevices();
    const res = await call('POST', '/api/user/sessions/end-all', laptop, { keepCurrent: false });
    expect(res.json()).toEqual({ ended: 2 });
    expect((await me(phone)).json()).toMatchObject({ code: 'SESSION_ENDED' });
    expect((await me(laptop)).json()).toMatchObject({ code: 'SESSION_ENDED' });
  });

  it('ends every session with a password reset', async () => {
    const { user, laptop, phone } = await personOnTwoDevices();
    await call('POST', '/api/user/recovery-password/send-code', undefined, { email: user.email });
    const mail = await smtp.waitFor((m) => m.to.includes(user.email) && /password/.test(m.subject));
    const code = /\d{6}/.exec(mail.subject)![0];
    const reset = await call('POST', '/api/user/recovery-password/check-code', undefined, {
      email: user.email,
      code,
      password: 'NewSecret2',
    });
    expect(reset.json()).toEqual({ ok: true });
    expect((await me(laptop)).json()).toMatchObject({ code: 'SESSION_ENDED' });
    expect((await me(phone)).json()).toMatchObject({ code: 'SESSION_ENDED' });
    const [ended] = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(ended!.endedReason).toBe('password_reset');
  });

  it('ends every session but the current one for a password change', async () => {
    const { laptop, phone } = await personOnTwoDevices();
    const change = await call('POST', '/api/user/password/change', laptop, {
      password: 'Newer-pass2',
      stepUp: { password: PASSWORD },
    });
    expect(change.json()).toEqual({ ok: true });
    expect((await me(phone)).json()).toMatchObject({ code: 'SESSION_ENDED' });
    expect((await me(laptop)).statusCode).toBe(200);
  });
});

describe('the country of a sign-in behind a trusted proxy', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => proxied.close());

  it('comes from CF-IPCountry, and an unknown or Tor code is no country', async () => {
    const user = await insertUser(proxied.database, { passwordHash });
    const login = async (country: string) =>
      (
        await proxied.app.inject({
          method: 'POST',
          url: '/api/user/login',
          payload: { email: user.email, password: PASSWORD },
          headers: { 'cf-ipcountry': country, 'x-forwarded-for': `192.0.2.${++ip % 250}` },
        })
      ).json().token as string;
    const token = await login('de');
    await login('XX');
    await login('T1');
    const res = await proxied.app.inject({ url: '/api/user/sessions', headers: { authorization: `Bearer ${token}` } });
    const countries = sessionListSchema.parse(res.json()).sessions.map((s) => s.country);
    expect(countries.sort()).toEqual(['DE', null, null]);
  });
});
