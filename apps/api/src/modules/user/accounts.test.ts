import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { formatPromocode } from '@app/shared/validation/rules';
import { authRecordSchema } from '@app/shared/schemas/user';
import { emailCodes, feedback, outbox, users } from '../../db/schema';
import { createTestApp, insertUser, TEST_PASSWORD_PARAMS, type TestApp } from '../../../test/app';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/password';

// The real functions, watched: an unknown e-mail must be checked against the dummy hash.
import { startSmtpInbox, type SmtpInbox } from '../../../test/smtp-inbox';

let t: TestApp;
let smtp: SmtpInbox;
let ip = 0;

beforeAll(async () => {
  smtp = await startSmtpInbox();
  t = await createTestApp({
    env: { SMTP_URL: smtp.url, RATE_LIMIT_AUTH_MAX: '1000', SUPPORT_EMAIL: 'help@example.com' },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** Each call from its own address, so the per-IP tier does not interfere unless a test wants it. */
function call(
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  token?: string,
  headers: Record<string, string> = {},
) {
  ip += 1;
  return t.app.inject({
    method,
    url,
    payload: payload as object,
    remoteAddress: `10.0.${Math.floor(ip / 250)}.${ip % 250}`,
    headers: { ...(token && { authorization: `Bearer ${token}` }), ...headers },
  });
}

let counter = 0;
const uniqueEmail = (prefix = 'user') => `${prefix}${++counter}-${Date.now()}@example.com`;

async function register(extra: Record<string, unknown> = {}) {
  const email = (extra.email as string) ?? uniqueEmail();
  const res = await call('POST', '/api/user/register', { email, password: 'Secret1', ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return { email, ...authRecordSchema.parse(res.json()) };
}

describe('POST /api/user/register', () => {
  it('creates the account, answers the auth record and mails a confirmation code', async () => {
    const { email, token, user } = await register();
    expect(user).toMatchObject({
      email,
      emailVerified: false,
      role: 'user',
      hasPassword: true,
      profile: { domain: null },
    });
    expect(token.split('.')).toHaveLength(3);
    const code = await smtp.codeFor(email);
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=256,t=1,p=1\$/);
    expect(row!.passwordHash).not.toContain('Secret1');
  });

  it('stores all profile fields, the birthday as ISO UTC midnight', async () => {
    const { user } = await register({
      firstName: 'Anna',
      lastName: 'Petrova',
      surName: 'Ivanovna',
      domain: `anna${counter}`,
      gender: 1,
      birthday: '05.03.1990',
      phone: '+7 900 123-45-67',
      country: 'ru',
    });
    expect(user.profile).toMatchObject({
      firstName: 'Anna',
      lastName: 'Petrova',
      gender: 1,
      bdate: '1990-03-05T00:00:00.000Z',
    });
    expect(user).toMatchObject({ surName: 'Ivanovna', phone: '+7 900 123-45-67', country: 'RU' });
  });

  it('mails in the language of the request', async () => {
    const email = uniqueEmail('ru');
    await call('POST', '/api/user/register', { email, password: 'Secret1' }, undefined, { 'accept-language': 'ru' });
    const mail = await smtp.waitFor((m) => m.to.includes(email));
    expect(mail.subject).toMatch(/^\d{6} — код подтверждения Meet Nearby$/);
  });

  it.each([
    [{ email: 'bad', password: 'Secret1' }, 'email', 'msg.invalid-email'],
    [{ email: 'a@b.co', password: 'weakpass' }, 'password', 'msg.weak-password'],
    [{ email: 'a@b.co', password: 'Secret1', birthday: '31.02.1990' }, 'birthday', 'msg.invalid-date'],
    [{ email: 'a@b.co', password: 'Secret1', birthday: '01.01.2015' }, 'birthday', 'msg.age-adults'],
    [{ email: 'a@b.co', password: 'Secret1', domain: '1abc' }, 'domain', 'msg.invalid-username'],
    [{ email: 'a@b.co', password: 'Secret1', gender: 3 }, 'gender', 'msg.choose-gender'],
    [{ email: 'a@b.co', password: 'Secret1', promocode: 'XYZ1' }, 'promocode', 'msg.invalid-promocode'],
  ])('refuses %j with a field error and writes nothing', async (payload, path, key) => {
    const before = (await t.database.db.select().from(users)).length;
    const res = await call('POST', '/api/user/register', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(res.json().fields).toContainEqual(expect.objectContaining({ path, key }));
    expect((await t.database.db.select().from(users)).length).toBe(before);
  });

  it('refuses a taken e-mail (any case) and a taken nickname', async () => {
    const domain = `taken${Date.now()}`;
    const { email } = await register({ domain });
    const again = await call('POST', '/api/user/register', { email: email.toUpperCase(), password: 'Secret1' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'EMAIL_TAKEN' });
    const nick = await call('POST', '/api/user/register', {
      email: uniqueEmail(),
      password: 'Secret1',
      domain: domain.toUpperCase(),
    });
    expect(nick.json()).toMatchObject({ statusCode: 409, code: 'DOMAIN_TAKEN' });
  });

  it('creates one user when the same e-mail registers twice at once', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all(
      Array.from({ length: 5 }, () => call('POST', '/api/user/register', { email, password: 'Secret1' })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('saves the referrer of a promo code, Latin or Cyrillic', async () => {
    const referrer = await insertUser(t.database);
    const { user } = await register({ promocode: formatPromocode(referrer.id) });
    const cyrillic = await register({ promocode: `ЕЕЕ${referrer.id.toString(16)}` });
    for (const id of [user.id, cyrillic.user.id]) {
      const [row] = await t.database.db.select({ referrerId: users.referrerId }).from(users).where(eq(users.id, id));
      expect(row!.referrerId).toBe(referrer.id);
    }
  });

  it('refuses a well-formed promo code of nobody', async () => {
    const res = await call('POST', '/api/user/register', {
      email: uniqueEmail(),
      password: 'Secret1',
      promocode: 'EEEFFFFFF',
    });
    expect(res.json()).toMatchObject({ code: 'INVALID_PROMOCODE' });
  });
});

describe('POST /api/user/login', () => {
  it('logs in with the right password, any e-mail case', async () => {
    const { email, user } = await register();
    const res = await call('POST', '/api/user/login', { email: email.toUpperCase(), password: 'Secret1' });
    expect(res.statusCode).toBe(200);
    expect(authRecordSchema.parse(res.json()).user.id).toBe(user.id);
  });

  it('answers the same UNAUTHORIZED for a wrong password and an unknown e-mail', async () => {
    const { email } = await register();
    const wrong = await call('POST', '/api/user/login', { email, password: 'Wrong12' });
    const unknown = await call('POST', '/api/user/login', { email: uniqueEmail('ghost'), password: 'Secret1' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ statusCode: 401, code: 'UNAUTHORIZED', message: 'Invalid login or password' });
    }
  });

  it('answers an unknown e-mail exactly like a wrong password, after a dummy Argon2id check at the configured cost', async () => {
    expect(TEST_PASSWORD_PARAMS).toEqual({
      memoryKiB: t.config.PASSWORD_HASH_MEMORY_KIB,
      passes: t.config.PASSWORD_HASH_PASSES,
    });
    // The dummy the unknown e-mail is checked against (lib/password.test.ts covers that it is
    // verified): made once per process at the configured parameters.
    const unknown = await call('POST', '/api/user/login', { email: uniqueEmail('ghost'), password: 'Secret1' });
    expect(unknown.statusCode, unknown.body).toBe(401);
    expect(await dummyHash(TEST_PASSWORD_PARAMS)).toMatch(
      new RegExp(`^\\$argon2id\\$v=19\\$m=${TEST_PASSWORD_PARAMS.memoryKiB},t=${TEST_PASSWORD_PARAMS.passes},p=1\\$`),
    );
    const { email } = await register();
    const wrong = await call('POST', '/api/user/login', { email, password: 'Wrong12' });
    expect(wrong.statusCode, wrong.body).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
  });

  describe('hashes from before Argon2id', () => {
    /** The format the scrypt version stored: `scrypt$N$r$p$salt$key`. */
    function scryptHash(password: string): string {
      const salt = crypto.randomBytes(16);
      const key = crypto.scryptSync(password.normalize('NFKC'), salt, 32, { N: 1024, r: 8, p: 1 });
      return ['scrypt', 1024, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
    }
    const storedHash = async (id: number) =>
      (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!.passwordHash!;

    it('logs in with an old scrypt hash and rewrites it as Argon2id; a wrong password rewrites nothing', async () => {
      const old = scryptHash('Secret1');
      const user = await insertUser(t.database, { passwordHash: old });
      const wrong = await call('POST', '/api/user/login', { email: user.email, password: 'Wrong12' });
      expect(wrong.statusCode).toBe(401);
      expect(await storedHash(user.id)).toBe(old);

      const res = await call('POST', '/api/user/login', { email: user.email, password: 'Secret1' });
      expect(res.statusCode, res.body).toBe(200);
      expect(authRecordSchema.parse(res.json()).user.id).toBe(user.id);
      const rehashed = await storedHash(user.id);
      expect(rehashed).toMatch(/^\$argon2id\$v=19\$m=256,t=1,p=1\$/);
      expect(await verifyPassword('Secret1', rehashed)).toBe(true);

      // The new hash works, and is not rewritten again.
      expect((await call('POST', '/api/user/login', { email: user.email, password: 'Secret1' })).statusCode).toBe(200);
      expect(await storedHash(user.id)).toBe(rehashed);
      expect((await call('POST', '/api/user/login', { email: user.email, password: 'Wrong12' })).statusCode).toBe(401);
    });

    it('rewrites an Argon2id hash made with other parameters at the next login', async () => {
      const other = await hashPassword('Secret1', { memoryKiB: 512, passes: 2 });
      const user = await insertUser(t.database, { passwordHash: other });
      expect((await call('POST', '/api/user/login', { email: user.email, password: 'Secret1' })).statusCode).toBe(200);
      expect(await storedHash(user.id)).toMatch(/^\$argon2id\$v=19\$m=256,t=1,p=1\$/);
    });

    it('does not rewrite the hash of a blocked account: its login does not succeed', async () => {
      const old = scryptHash('Secret1');
      const user = await insertUser(t.database, { passwordHash: old, blockedAt: new Date() });
      const res = await call('POST', '/api/user/login', { email: user.email, password: 'Secret1' });
      expect(res.json().code).toBe('FORBIDDEN');
      expect(await storedHash(user.id)).toBe(old);
    });

    it('refuses a hash of an unknown scheme and leaves it alone', async () => {
      const user = await insertUser(t.database, { passwordHash: 'Secret1' });
      expect((await call('POST', '/api/user/login', { email: user.email, password: 'Secret1' })).statusCode).toBe(401);
      expect(await storedHash(user.id)).toBe('Secret1');
    });
  });

  it('refuses a blocked account and a deleted one', async () => {
    const blocked = await register();
    await t.database.db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, blocked.user.id));
    expect((await call('POST', '/api/user/login', { email: blocked.email, password: 'Secret1' })).json().code).toBe(
      'FORBIDDEN',
    );
    const deleted = await register();
    await t.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted.user.id));
    expect((await call('POST', '/api/user/login', { email: deleted.email, password: 'Secret1' })).json().code).toBe(
      'UNAUTHORIZED',
    );
    // And their tokens stop working.
    expect((await call('GET', '/api/user/me', undefined, blocked.token)).statusCode).toBe(401);
  });
  // Guesses per account and address: login-throttle.test.ts.
});

describe('profile', () => {
  it('updates the profile and answers a fresh auth record', async () => {
    const { token } = await register();
    const res = await call(
      'POST',
      '/api/user/profile-update',
      { firstName: 'Ivan', lastName: 'Sidorov', domain: `ivan${counter}`, gender: 0, birthday: '22.11.2008' },
      token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const record = authRecordSchema.parse(res.json());
    expect(record.user.profile).toMatchObject({ firstName: 'Ivan', gender: 0, bdate: '2008-11-22T00:00:00.000Z' });
  });

  it('refuses bad fields, a taken nickname, and a guest', async () => {
    const other = await register({ domain: `owner${counter}` });
    const { token } = await register();
    const bad = await call('POST', '/api/user/profile-update', { birthday: '01.01.2020', firstName: '' }, token);
    expect(
      bad
        .json()
        .fields.map((f: { path: string; key: string }) => `${f.path}:${f.key}`)
        .sort(),
    ).toEqual(['birthday:msg.age-adults', 'firstName:msg.required']);
    const taken = await call('POST', '/api/user/profile-update', { domain: other.user.profile.domain }, token);
    expect(taken.json().code).toBe('DOMAIN_TAKEN');
    expect((await call('POST', '/api/user/profile-update', { firstName: 'X' })).statusCode).toBe(401);
  });

  it('shows public fields only', async () => {
    const { user } = await register({
      firstName: 'Olga',
      domain: `olga${counter}`,
      birthday: '01.01.1990',
      phone: '+79001112233',
      gender: 1,
    });
    const { token } = await register();
    const res = await call('GET', `/api/user/profile/${user.id}`, undefined, token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // A stranger sees what the map card shows (profile-access.test.ts covers the rest).
    expect(body).toMatchObject({ id: user.id, firstName: 'Olga', gender: null, avatar: null });
    expect(body.age).toBeGreaterThanOrEqual(36);
    expect(JSON.stringify(body)).not.toMatch(/@example\.com|79001112233|1990-01-01/);
    expect((await call('GET', '/api/user/profile/999999', undefined, token)).statusCode).toBe(404);
  });

  it('checks nickname availability, counting the asker’s own as free', async () => {
    const { token, user } = await register({ domain: `nick${counter}` });
    const domain = user.profile.domain!;
    expect((await call('GET', `/api/user/domain-available/${domain.toUpperCase()}`)).json()).toEqual({
      available: false,
    });
    expect((await call('GET', `/api/user/domain-available/${domain}`, undefined, token)).json()).toEqual({
      available: true,
    });
    expect((await call('GET', `/api/user/domain-available/free${Date.now()}`)).json()).toEqual({ available: true });
    expect((await call('GET', '/api/user/domain-available/9lives')).json().code).toBe('VALIDATION_ERROR');
  });
});

describe('e-mail confirmation', () => {
  it('confirms with the mailed code, once', async () => {
    const { email, token } = await register();
    const code = await smtp.codeFor(email);
    const res = await call('POST', `/api/user/email/verify/check/${code}`, undefined, token);
    expect(res.statusCode).toBe(200);
    expect(res.json().emailVerified).toBe(true);
    expect((await call('POST', `/api/user/email/verify/check/${code}`, undefined, token)).json().code).toBe(
      'INVALID_CODE',
    );
    expect((await call('POST', '/api/user/email/verify/send-code', undefined, token)).json().code).toBe(
      'EMAIL_ALREADY_VERIFIED',
    );
  });

  it('makes the user wait 60 s between codes and says how long', async () => {
    const { token } = await register();
    const res = await call('POST', '/api/user/email/verify/send-code', undefined, token);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'CODE_RESEND_WAIT' });
    expect(res.json().retryAfter).toBeGreaterThan(50);
    expect(res.json().retryAfter).toBeLessThanOrEqual(60);
  });

  it('a new code replaces the old one; expired codes fail', async () => {
    const { email, token, user } = await register();
    const first = await smtp.codeFor(email);
    // Pretend a minute passed so another code may be sent.
    await t.database.db
      .update(emailCodes)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(emailCodes.userId, user.id));
    const sent = await call('POST', '/api/user/email/verify/send-code', undefined, token);
    expect(sent.json()).toEqual({ resendIn: 60, expiresIn: 900 });
    await expect.poll(() => smtp.messages.filter((m) => m.to.includes(email)).length).toBe(2);
    const second = await smtp.codeFor(email);
    if (first !== second) {
      expect((await call('POST', `/api/user/email/verify/check/${first}`, undefined, token)).json().code).toBe(
        'INVALID_CODE',
      );
    }
    await t.database.db
      .update(emailCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailCodes.userId, user.id));
    expect((await call('POST', `/api/user/email/verify/check/${second}`, undefined, token)).json().code).toBe(
      'CODE_EXPIRED',
    );
  });

  it('after five wrong codes even the right one fails until a new code is sent', async () => {
    const { email, token } = await register();
    const code = await smtp.codeFor(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push((await call('POST', `/api/user/email/verify/check/${wrong}`, undefined, token)).json().code);
    expect(answers).toEqual(['INVALID_CODE', 'INVALID_CODE', 'INVALID_CODE', 'INVALID_CODE', 'CODE_ATTEMPTS_EXCEEDED']);
    expect((await call('POST', `/api/user/email/verify/check/${code}`, undefined, token)).json().code).toBe(
      'CODE_ATTEMPTS_EXCEEDED',
    );
  });

  it('refuses to mail a private relay address', async () => {
    const { token } = await register({ email: `someone${Date.now()}@privaterelay.appleid.com` });
    const res = await call('POST', '/api/user/email/verify/send-code', undefined, token);
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'PRIVATE_RELAY_EMAIL' });
  });

  it('keeps codes only as hashes', async () => {
    const { email, user } = await register();
    const code = await smtp.codeFor(email);
    const rows = await t.database.db.select().from(emailCodes).where(eq(emailCodes.userId, user.id));
    expect(JSON.stringify(rows)).not.toContain(code);
  });
});

describe('password recovery', () => {
  it('mails a code, sets the new password with it, and the old one stops working', async () => {
    const { email } = await register();
    const sent = await call('POST', '/api/user/recovery-password/send-code', { email });
    expect(sent.json()).toEqual({ resendIn: 60, expiresIn: 900 });
    const mail = await smtp.waitFor((m) => m.to.includes(email) && /password/.test(m.subject));
    const code = /\d{6}/.exec(mail.subject)![0];
    const res = await call('POST', '/api/user/recovery-password/check-code', { email, code, password: 'NewSecret2' });
    expect(res.json()).toEqual({ ok: true });
    expect((await call('POST', '/api/user/login', { email, password: 'Secret1' })).statusCode).toBe(401);
    const login = await call('POST', '/api/user/login', { email, password: 'NewSecret2' });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.emailVerified).toBe(true);
  });

  it('answers USER_NOT_FOUND for an unknown e-mail (SPEC.md section 8)', async () => {
    const res = await call('POST', '/api/user/recovery-password/send-code', { email: uniqueEmail('nobody') });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      statusCode: 404,
      code: 'USER_NOT_FOUND',
      message: 'User with this email does not exist',
    });
  });

  it('refuses a wrong code or a weak new password and changes nothing', async () => {
    const { email } = await register();
    await call('POST', '/api/user/recovery-password/send-code', { email });
    const weak = await call('POST', '/api/user/recovery-password/check-code', {
      email,
      code: '123456',
      password: 'weak',
    });
    expect(weak.json().code).toBe('VALIDATION_ERROR');
    const wrong = await call('POST', '/api/user/recovery-password/check-code', {
      email,
      code: '000000',
      password: 'Other123',
    });
    expect(['INVALID_CODE']).toContain(wrong.json().code);
    expect((await call('POST', '/api/user/login', { email, password: 'Secret1' })).statusCode).toBe(200);
  });
});

describe('support form', () => {
  it('stores the message and mails support with a reply-to', async () => {
    const res = await call('POST', '/api/user/email/feedback/', {
      name: 'Vera',
      email: 'vera@example.com',
      message: 'The map does not load on my phone.',
    });
    expect(res.json()).toEqual({ ok: true });
    const mail = await smtp.waitFor((m) => m.to.includes('help@example.com') && m.subject.includes('Vera'));
    expect(mail.raw).toMatch(/Reply-To: vera@example\.com/i);
    const rows = await t.database.db.select().from(feedback).where(eq(feedback.email, 'vera@example.com'));
    expect(rows[0]).toMatchObject({ name: 'Vera', userId: null });
    // The mail job records the delivery once the server has taken the mail.
    await expect
      .poll(
        async () => (await t.database.db.select().from(outbox).where(eq(outbox.to, 'help@example.com'))).at(-1)!.sentAt,
      )
      .not.toBeNull();
  });

  it('validates the form', async () => {
    const res = await call('POST', '/api/user/email/feedback/', { name: '', email: 'x', message: 'short' });
    expect(
      res
        .json()
        .fields.map((f: { path: string }) => f.path)
        .sort(),
    ).toEqual(['email', 'message', 'name']);
  });
});

describe('POST /api/referral/save/{code}', () => {
  it('saves a referrer once, only someone who joined earlier', async () => {
    const earlier = await insertUser(t.database);
    const { token, user } = await register();
    const later = await insertUser(t.database);
    expect((await call('POST', `/api/referral/save/${formatPromocode(later.id)}`, undefined, token)).json().code).toBe(
      'INVALID_PROMOCODE',
    );
    expect((await call('POST', `/api/referral/save/${formatPromocode(user.id)}`, undefined, token)).json().code).toBe(
      'INVALID_PROMOCODE',
    );
    expect((await call('POST', `/api/referral/save/${formatPromocode(earlier.id)}`, undefined, token)).json()).toEqual({
      ok: true,
    });
    const again = await call('POST', `/api/referral/save/${formatPromocode(earlier.id)}`, undefined, token);
    expect(again.json()).toMatchObject({ statusCode: 409, code: 'REFERRAL_ALREADY_SET' });
    expect((await call('POST', '/api/referral/save/nonsense', undefined, token)).json().code).toBe('VALIDATION_ERROR');
  });
});

describe('without SMTP', () => {
  it('keeps the mail in the outbox', async () => {
    const local = await createTestApp();
    const res = await local.app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: { email: 'offline@example.com', password: 'Secret1' },
    });
    expect(res.statusCode).toBe(200);
    const rows = await local.database.db.select().from(outbox).where(eq(outbox.to, 'offline@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ template: 'verify_email', sentAt: null, error: null });
    // The code is mailed, never stored (see mail/mailer.test.ts).
    expect(rows[0]!.text).not.toMatch(/\d{6}/);
    await local.close();
  });
});
