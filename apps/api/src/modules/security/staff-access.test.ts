import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { sessions, users } from '../../db/schema';
import { totpFor } from './totp';

/**
 * The staff second factor (decision 029): staff routes want TOTP proven on this sign-in, within the
 * staff session, and fresh for money; staff sign-ins are shorter; in production staff routes answer
 * on ADMIN_HOST only.
 */
const PASSWORD = 'Staff-pass1';
let t: TestApp;
let production: TestApp;
let people = 0;

beforeAll(async () => {
  [t, production] = await Promise.all([
    createTestApp({
      env: { STAFF_SECOND_FACTOR: 'required', STAFF_SESSION_HOURS: '8', STAFF_FRESH_FACTOR_MINUTES: '5' },
    }),
    createTestApp({
      env: {
        APP_ENV: 'production',
        SMTP_URL: 'smtp://127.0.0.1:1',
        KYC_ENCRYPTION_KEY: '22'.repeat(32),
        ADMIN_HOST: 'admin.example.com',
      },
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([t?.close(), production?.close()]);
});

async function call(app: TestApp, method: string, url: string, token: string, payload?: object, host?: string) {
  const res = await app.app.inject({
    method: method as 'GET',
    url,
    headers: { authorization: `Bearer ${token}`, ...(host && { host }) },
    ...(payload && { payload }),
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> & { code?: string } };
}

async function login(app: TestApp, email: string) {
  const res = await app.app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password: PASSWORD } });
  return res.json().token as string;
}

/** A registered person, made `role` in the database, signed in again so the session knows it. */
async function person(app: TestApp, role: 'user' | 'admin' | 'moderator' = 'user') {
  const email = `staff-${++people}-${Date.now()}@example.com`;
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/user/register',
    payload: { email, password: PASSWORD },
  });
  const id = res.json().user.id as number;
  await app.database.db.update(users).set({ role }).where(eq(users.id, id));
  return { id, email, token: await login(app, email) };
}

/** Turns TOTP on with the session `token`; answers the secret and the recovery codes. */
async function enrol(app: TestApp, token: string) {
  const setup = await call(app, 'POST', '/api/user/totp/setup', token, { stepUp: { password: PASSWORD } });
  const secret = setup.body.secret as string;
  const code = totpFor(secret, 'x').generate({ timestamp: Date.now() - 30_000 });
  const confirmed = await call(app, 'POST', '/api/user/totp/confirm', token, { code });
  expect(confirmed.status).toBe(200);
  return { secret, recoveryCodes: confirmed.body.recoveryCodes as string[] };
}

const REPORTS = '/api/report/list?offset=0&limit=5';
const settingsBody = {
  payouts: { purchase: '5', first_meet: '2', fill_profile: '1' },
  windowHours: 720,
  holdHours: 72,
};

describe('staff second factor', () => {
  it('asks staff to enrol, lets the enrolling sign-in in, and wants a code on every other sign-in', async () => {
    const plain = await person(t);
    expect((await call(t, 'GET', REPORTS, plain.token)).body.code).toBe('FORBIDDEN');

    const admin = await person(t, 'admin');
    expect((await call(t, 'GET', REPORTS, admin.token)).body.code).toBe('STAFF_TOTP_ENROL_REQUIRED');
    const before = await call(t, 'GET', '/api/user/staff-access', admin.token);
    expect(before.body).toMatchObject({ staff: true, required: true, enrolled: false, provenAt: null });

    const { secret, recoveryCodes } = await enrol(t, admin.token);
    expect((await call(t, 'GET', REPORTS, admin.token)).status).toBe(200);
    const after = await call(t, 'GET', '/api/user/staff-access', admin.token);
    expect(after.body).toMatchObject({ enrolled: true, sessionHours: 8, freshMinutes: 5 });
    expect(Date.parse(after.body.validUntil as string) - Date.parse(after.body.provenAt as string)).toBe(8 * 3_600_000);

    // Another sign-in of the same account proves it itself: a wrong code changes nothing.
    const laptop = await login(t, admin.email);
    expect((await call(t, 'GET', REPORTS, laptop)).body.code).toBe('STAFF_SECOND_FACTOR_REQUIRED');
    const wrong = await call(t, 'POST', '/api/user/staff-access', laptop, { totp: '000000' });
    expect(wrong.body.code).toBe('TOTP_CODE_INVALID');
    expect((await call(t, 'GET', REPORTS, laptop)).body.code).toBe('STAFF_SECOND_FACTOR_REQUIRED');
    const code = totpFor(secret, 'x').generate({ timestamp: Date.now() + 30_000 });
    expect((await call(t, 'POST', '/api/user/staff-access', laptop, { totp: code })).status).toBe(200);
    expect((await call(t, 'GET', REPORTS, laptop)).status).toBe(200);

    // A recovery code works once, for a third sign-in.
    const phone = await login(t, admin.email);
    expect((await call(t, 'POST', '/api/user/staff-access', phone, { recoveryCode: recoveryCodes[0] })).status).toBe(
      200,
    );
    expect((await call(t, 'GET', REPORTS, phone)).status).toBe(200);
    const again = await login(t, admin.email);
    const reused = await call(t, 'POST', '/api/user/staff-access', again, { recoveryCode: recoveryCodes[0] });
    expect(reused.body.code).toBe('TOTP_CODE_INVALID');
  });

  it('wants a fresh code for money after a few minutes, and a new one after the staff session', async () => {
    const admin = await person(t, 'admin');
    const { secret } = await enrol(t, admin.token);
    expect((await call(t, 'PUT', '/api/cpa/settings', admin.token, settingsBody)).status).toBe(200);

    const proved = async (minutesAgo: number) => {
      await t.database.db
        .update(sessions)
        .set({ secondFactorAt: new Date(Date.now() - minutesAgo * 60_000) })
        .where(eq(sessions.userId, admin.id));
      // Written behind the API's back: the session rows it cached still have the old proof.
      t.services.sessionCache.forget({ all: true });
    };

    await proved(6);
    expect((await call(t, 'GET', REPORTS, admin.token)).status).toBe(200);
    const stale = await call(t, 'PUT', '/api/cpa/settings', admin.token, settingsBody);
    expect(stale.body.code).toBe('STAFF_SECOND_FACTOR_STALE');
    const code = totpFor(secret, 'x').generate({ timestamp: Date.now() + 30_000 });
    expect((await call(t, 'POST', '/api/user/staff-access', admin.token, { totp: code })).status).toBe(200);
    expect((await call(t, 'PUT', '/api/cpa/settings', admin.token, settingsBody)).status).toBe(200);

    await proved(8 * 60 + 1);
    expect((await call(t, 'GET', REPORTS, admin.token)).body.code).toBe('STAFF_SECOND_FACTOR_REQUIRED');
  });

  it('turning TOTP off closes the admin area for every sign-in of the account', async () => {
    const admin = await person(t, 'admin');
    const { secret, recoveryCodes } = await enrol(t, admin.token);
    const laptop = await login(t, admin.email);
    const code = totpFor(secret, 'x').generate({ timestamp: Date.now() + 30_000 });
    expect((await call(t, 'POST', '/api/user/staff-access', laptop, { totp: code })).status).toBe(200);

    const off = await call(t, 'POST', '/api/user/totp/disable', admin.token, {
      stepUp: { recoveryCode: recoveryCodes[0] },
    });
    expect(off.status).toBe(200);
    for (const token of [admin.token, laptop]) {
      expect((await call(t, 'GET', REPORTS, token)).body.code).toBe('STAFF_TOTP_ENROL_REQUIRED');
    }
    const refused = await call(t, 'POST', '/api/user/staff-access', laptop, { totp: '123456' });
    expect(refused.body.code).toBe('STAFF_TOTP_ENROL_REQUIRED');
  });

  it('makes staff sign-ins shorter than people\u2019s', async () => {
    const admin = await person(t, 'admin');
    const plain = await person(t);
    const expiry = async (userId: number) => {
      const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, userId));
      // The sign-in after the role was set (registration's own came before it).
      const last = rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).at(-1)!;
      return (last.expiresAt.getTime() - last.createdAt.getTime()) / 3_600_000;
    };
    expect(Math.round(await expiry(admin.id))).toBe(8);
    expect(Math.round(await expiry(plain.id))).toBe(72);
  });
});

describe('the admin host in production', () => {
  it('answers staff routes on ADMIN_HOST only', async () => {
    const admin = await person(production, 'admin');
    const main = await call(production, 'GET', REPORTS, admin.token, undefined, 'example.com');
    expect(main.body.code).toBe('STAFF_HOST_ONLY');
    const onAdminHost = await call(production, 'GET', REPORTS, admin.token, undefined, 'admin.example.com');
    expect(onAdminHost.body.code).toBe('STAFF_TOTP_ENROL_REQUIRED');
    const config = await production.app.inject({ method: 'GET', url: '/api/config/public' });
    expect(config.json()).toMatchObject({ adminHost: 'admin.example.com' });
  });
});
