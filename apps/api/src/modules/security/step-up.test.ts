import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEther, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { eq } from 'drizzle-orm';
import type { Transaction } from '@app/shared/schemas/crypto';
import { createTestApp, type TestApp } from '../../../test/app';
import { startTestChain, type TestChain } from '../../../test/chain';
import { startSmtpInbox, type SmtpInbox } from '../../../test/smtp-inbox';
import { KIT_PASSWORD, KIT_STEP_UP, walletKit } from '../../../test/kits/wallet';
import { cryptoTransactions, totpCredentials, users } from '../../db/schema';
import { totpFor } from './totp';

/**
 * Step-up before money and account changes (decision 020): the withdrawal asks for the password, a
 * mailed code or the TOTP; TOTP enrolment, replay and recovery codes; the wait of a new address and
 * the mailed link that ends it; the mails of every withdrawal; the password and e-mail changes.
 */
let chain: TestChain;
let t: TestApp;
let smtp: SmtpInbox;

const { userWithToken, call, wallet, settle } = walletKit(() => ({ t, chain }));
const outside = (): Address => privateKeyToAccount(generatePrivateKey()).address;
let keys = 0;
const key = () => `step-up-${++keys}-${Date.now()}`;

async function fundedUser(amount = 100) {
  const user = await userWithToken();
  const { address } = await wallet(user.headers);
  await chain.mintUsdt(address as Address, parseEther(String(amount)));
  await settle(chain.gateway.confirmations + 2);
  await chain.setNative(address as Address, parseEther('1'));
  const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
  return { ...user, email: row!.email };
}

const withdraw = (headers: Record<string, string>, body: object) =>
  call<Transaction & { code?: string }>(
    'POST',
    '/wallet/withdraw/',
    { ...headers, 'idempotency-key': key() },
    {
      currency: 'USDT',
      amount: '5',
      ...body,
    },
  );

async function user<T>(method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) {
  const res = await t.app.inject({ method, url: `/api/user${url}`, headers, ...(payload && { payload }) });
  return { status: res.statusCode, body: res.json() as T & { code?: string } };
}

/** A mail's text with quoted-printable soft breaks and escapes undone. */
const plain = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

/** Enrols TOTP for the user and answers the secret and the recovery codes. */
async function enrol(headers: Record<string, string>) {
  const setup = await user<{ secret: string; uri: string }>('POST', '/totp/setup', headers, { stepUp: KIT_STEP_UP });
  expect(setup.status).toBe(200);
  const code = totpFor(setup.body.secret, 'x').generate({ timestamp: Date.now() - 30_000 });
  const confirmed = await user<{ recoveryCodes: string[] }>('POST', '/totp/confirm', headers, { code });
  expect(confirmed.status).toBe(200);
  return { secret: setup.body.secret, recoveryCodes: confirmed.body.recoveryCodes };
}

beforeAll(async () => {
  smtp = await startSmtpInbox();
  chain = await startTestChain();
  t = await createTestApp({
    chain: chain.gateway,
    env: {
      SMTP_URL: smtp.url,
      WITHDRAW_NEW_ADDRESS_HOURS: '24',
      RATE_LIMIT_AUTH_MAX: '10000',
      RATE_LIMIT_MAX: '100000',
      PUBLIC_URL: 'https://meet.example',
    },
  });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await chain?.stop();
  await smtp?.close();
});

describe('a withdrawal asks for a fresh proof', () => {
  it('is refused without a proof and with a wrong password, and moves no money', async () => {
    const u = await fundedUser(50);
    const none = await withdraw(u.headers, { address: outside() });
    expect(none).toMatchObject({ status: 403, body: { code: 'STEP_UP_REQUIRED' } });
    const wrong = await withdraw(u.headers, { address: outside(), stepUp: { password: 'Wrong-pass1' } });
    expect(wrong).toMatchObject({ status: 400, body: { code: 'STEP_UP_INVALID' } });
    const notEnrolled = await withdraw(u.headers, { address: outside(), stepUp: { totp: '123456' } });
    expect(notEnrolled).toMatchObject({ status: 400, body: { code: 'STEP_UP_INVALID' } });
    expect(await wallet(u.headers)).toMatchObject({ withdrawable: '50', pendingWithdrawals: '0' });
  });

  it('goes with the password', async () => {
    const u = await fundedUser(50);
    const res = await withdraw(u.headers, { address: outside(), stepUp: { password: KIT_PASSWORD } });
    expect(res).toMatchObject({ status: 200, body: { type: 'OUTPUT', status: 'REQUESTED', amount: '5' } });
  });

  it('goes with a mailed code, which works once; a wrong code is refused', async () => {
    const u = await fundedUser(50);
    const sent = await user<{ resendIn: number }>('POST', '/step-up/send-code', u.headers);
    expect(sent.status).toBe(200);
    const code = await smtp.codeFor(u.email);
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect(await withdraw(u.headers, { address: outside(), stepUp: { code: wrongCode } })).toMatchObject({
      status: 400,
      body: { code: 'STEP_UP_INVALID' },
    });
    const res = await withdraw(u.headers, { address: outside(), stepUp: { code } });
    expect(res.status).toBe(200);
    const again = await withdraw(u.headers, { address: outside(), stepUp: { code } });
    expect(again).toMatchObject({ status: 400, body: { code: 'STEP_UP_INVALID' } });
  });

  it('with TOTP on, wants its code: the password alone is refused, a replayed code too', async () => {
    const u = await fundedUser(50);
    const { secret } = await enrol(u.headers);
    const byPassword = await withdraw(u.headers, { address: outside(), stepUp: KIT_STEP_UP });
    expect(byPassword).toMatchObject({ status: 403, body: { code: 'STEP_UP_TOTP_REQUIRED' } });

    const now = totpFor(secret, 'x').generate();
    expect((await withdraw(u.headers, { address: outside(), stepUp: { totp: now } })).status).toBe(200);
    const replayed = await withdraw(u.headers, { address: outside(), stepUp: { totp: now } });
    expect(replayed).toMatchObject({ status: 400, body: { code: 'STEP_UP_INVALID' } });
    // The code of the step before is older than the one used: refused as well.
    const older = totpFor(secret, 'x').generate({ timestamp: Date.now() - 30_000 });
    expect((await withdraw(u.headers, { address: outside(), stepUp: { totp: older } })).body.code).toBe(
      'STEP_UP_INVALID',
    );
    const next = totpFor(secret, 'x').generate({ timestamp: Date.now() + 30_000 });
    expect((await withdraw(u.headers, { address: outside(), stepUp: { totp: next } })).status).toBe(200);
  });

  it('takes a recovery code once', async () => {
    const u = await fundedUser(50);
    const { recoveryCodes } = await enrol(u.headers);
    expect(recoveryCodes).toHaveLength(10);
    const [first] = recoveryCodes;
    expect((await withdraw(u.headers, { address: outside(), stepUp: { recoveryCode: first } })).status).toBe(200);
    const again = await withdraw(u.headers, { address: outside(), stepUp: { recoveryCode: first } });
    expect(again).toMatchObject({ status: 400, body: { code: 'STEP_UP_INVALID' } });
    const status = await user<{ enabled: boolean; recoveryCodesLeft: number }>('GET', '/totp', u.headers);
    expect(status.body).toMatchObject({ enabled: true, recoveryCodesLeft: 9 });
  });
});

describe('TOTP enrolment', () => {
  it('needs a step-up to start, a right first code to turn on, and its own code to turn off', async () => {
    const u = await userWithToken();
    expect((await user('POST', '/totp/setup', u.headers, {})).body.code).toBe('STEP_UP_REQUIRED');
    const setup = await user<{ secret: string; uri: string }>('POST', '/totp/setup', u.headers, {
      stepUp: KIT_STEP_UP,
    });
    expect(setup.body.uri).toMatch(/^otpauth:\/\/totp\/Meet%20Nearby:.+\?.*secret=/);
    const [stored] = await t.database.db.select().from(totpCredentials).where(eq(totpCredentials.userId, u.id));
    // Sealed at rest: the secret does not appear in the row.
    expect(stored!.sealedSecret).not.toContain(setup.body.secret);
    expect((await user('POST', '/totp/confirm', u.headers, { code: '000000' })).body.code).toBe('TOTP_CODE_INVALID');
    expect((await user('GET', '/totp', u.headers)).body).toMatchObject({ enabled: false });

    const first = totpFor(setup.body.secret, 'x').generate({ timestamp: Date.now() - 30_000 });
    const confirmed = await user<{ recoveryCodes: string[] }>('POST', '/totp/confirm', u.headers, { code: first });
    expect(confirmed.body.recoveryCodes.every((c) => /^[A-Z2-9]{4}-[A-Z2-9]{4}$/.test(c))).toBe(true);
    expect((await user('POST', '/totp/setup', u.headers, { stepUp: KIT_STEP_UP })).body.code).toBe(
      'TOTP_ALREADY_ENABLED',
    );

    expect((await user('POST', '/totp/disable', u.headers, { stepUp: KIT_STEP_UP })).body.code).toBe(
      'STEP_UP_TOTP_REQUIRED',
    );
    const current = totpFor(setup.body.secret, 'x').generate();
    expect((await user('POST', '/totp/disable', u.headers, { stepUp: { totp: current } })).status).toBe(200);
    expect((await user('GET', '/totp', u.headers)).body).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
  });
});

describe('a new withdrawal address', () => {
  it('waits, is mailed with a link that lets it go at once, and the sent withdrawal is mailed too', async () => {
    const u = await fundedUser(60);
    const to = outside();
    const res = await withdraw(u.headers, { address: to, amount: '7', stepUp: KIT_STEP_UP });
    expect(res.status).toBe(200);
    const hours = (Date.parse(res.body.heldUntil!) - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    await settle(3);
    const waiting = await call<Transaction>('GET', `/transaction/${res.body.id}`, u.headers);
    expect(waiting.body).toMatchObject({ status: 'REQUESTED', txHash: null });

    const requested = await smtp.waitFor(
      (m) => m.to.includes(u.email.toLowerCase()) && /7 USDT requested/.test(m.subject),
    );
    const link = /https:\/\/meet\.example\/confirm-address\?id=(\d+)&(?:amp;)?token=([\w-]+)/.exec(
      plain(requested.raw),
    );
    expect(link).not.toBeNull();
    const [, id, token] = link!;

    const forged = await call<{ code: string }>(
      'POST',
      '/wallet/withdraw/confirm-address',
      {},
      { id, token: `${token}x` },
    );
    expect(forged).toMatchObject({ status: 400, body: { code: 'WITHDRAW_ADDRESS_LINK_INVALID' } });
    const confirmed = await call('POST', '/wallet/withdraw/confirm-address', {}, { id, token });
    expect(confirmed).toMatchObject({ status: 200, body: { address: to.toLowerCase(), released: 1 } });

    await settle(4);
    const sent = await call<Transaction>('GET', `/transaction/${res.body.id}`, u.headers);
    expect(sent.body).toMatchObject({ status: 'CONFIRMED', heldUntil: null });
    await smtp.waitFor((m) => m.to.includes(u.email.toLowerCase()) && m.subject === '7 USDT sent');

    // A confirmed address is a known one: the next withdrawal to it does not wait.
    const next = await withdraw(u.headers, { address: to, stepUp: KIT_STEP_UP });
    expect(next.body.heldUntil).toBeNull();
  });

  it('goes by itself once its wait is over', async () => {
    const u = await fundedUser(30);
    const res = await withdraw(u.headers, { address: outside(), stepUp: KIT_STEP_UP });
    expect(res.body.heldUntil).not.toBeNull();
    await t.database.db
      .update(cryptoTransactions)
      .set({ heldUntil: new Date(Date.now() - 1000) })
      .where(eq(cryptoTransactions.id, res.body.id));
    await settle(4);
    expect((await call<Transaction>('GET', `/transaction/${res.body.id}`, u.headers)).body.status).toBe('CONFIRMED');
  });
});

describe('password and e-mail changes', () => {
  it('change the password only with a step-up, and tell the owner', async () => {
    const u = await fundedUser(0);
    const refused = await user('POST', '/password/change', u.headers, { password: 'Newer-pass2' });
    expect(refused.body.code).toBe('STEP_UP_REQUIRED');
    const ok = await user('POST', '/password/change', u.headers, { password: 'Newer-pass2', stepUp: KIT_STEP_UP });
    expect(ok).toMatchObject({ status: 200, body: { ok: true } });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: u.email, password: 'Newer-pass2' },
    });
    expect(login.statusCode).toBe(200);
    await smtp.waitFor((m) => m.to.includes(u.email.toLowerCase()) && /password was changed/.test(m.subject));
  });

  it('change the e-mail only with a step-up; the new address must be confirmed, the old one hears of it', async () => {
    const u = await fundedUser(0);
    const email = `moved-${Date.now()}@example.com`;
    expect(
      (await user('POST', '/email/change', u.headers, { email, stepUp: { password: 'Nope-pass1' } })).body.code,
    ).toBe('STEP_UP_INVALID');
    const changed = await user<{ email: string; emailVerified: boolean }>('POST', '/email/change', u.headers, {
      email,
      stepUp: KIT_STEP_UP,
    });
    expect(changed.body).toMatchObject({ email, emailVerified: false });
    await smtp.waitFor((m) => m.to.includes(u.email.toLowerCase()) && /e-mail was changed/.test(m.subject));
    const code = await smtp.codeFor(email);
    const verified = await user<{ emailVerified: boolean }>('POST', `/email/verify/check/${code}`, u.headers);
    expect(verified.body.emailVerified).toBe(true);
  });
});
