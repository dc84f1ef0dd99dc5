import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_RULES, waitAfter } from '../../lib/login-throttle';
import { createTestApp, type TestApp } from '../../../test/app';
import { startSmtpInbox, type SmtpInbox } from '../../../test/smtp-inbox';

/**
 * Strangers cannot lock an account: wrong passwords make the guessing client (and, spread over
 * many addresses, the e-mail) wait ever longer, the owner's own address keeps working, and a
 * recovery code counts only the guesses of the address that asked for it. Brute force stays out
 * of reach all the same.
 */
let t: TestApp;
let smtp: SmtpInbox;
let counter = 0;
let addresses = 0;

beforeAll(async () => {
  smtp = await startSmtpInbox();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, RATE_LIMIT_AUTH_MAX: '100000' } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const newAddress = () => `10.9.${Math.floor(++addresses / 250)}.${addresses % 250}`;
const post = (url: string, payload: object, from: string) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: from });
const login = (email: string, password: string, from: string) => post('/api/user/login', { email, password }, from);

/** The recovery code mailed to `email` (not the confirmation code registration sent). */
const recoveryCode = async (email: string) =>
  /\b(\d{6})\b/.exec(
    (await smtp.waitFor((m) => m.to.includes(email) && /password reset/.test(m.subject))).subject,
  )![1]!;

async function account() {
  const email = `owner${++counter}-${Date.now()}@example.com`;
  expect((await post('/api/user/register', { email, password: 'Secret1' }, newAddress())).statusCode).toBe(200);
  return email;
}

describe('wrong passwords', () => {
  it('make one address wait, doubling, after a few free failures; the owner elsewhere still logs in', async () => {
    const email = await account();
    const stranger = newAddress();
    const codes: string[] = [];
    for (let i = 0; i <= LOGIN_RULES.pair.freeFailures; i++)
      codes.push((await login(email, `Wrong${i}a`, stranger)).json().code);
    expect(codes).toEqual(Array(LOGIN_RULES.pair.freeFailures + 1).fill('UNAUTHORIZED'));
    // Now even the right password waits at that address: guessing cannot go on at full speed.
    const waiting = (await login(email, 'Secret1', stranger)).json();
    expect(waiting).toMatchObject({ statusCode: 429, code: 'LOGIN_WAIT' });
    expect(waiting.retryAfter).toBe(2);
    // The owner, somewhere else, is not locked out.
    expect((await login(email, 'Secret1', newAddress())).statusCode).toBe(200);
  });

  it('spread over many addresses, make the e-mail wait, except at an address the owner signed in from', async () => {
    const email = await account();
    const home = newAddress();
    expect((await login(email, 'Secret1', home)).statusCode).toBe(200);

    const answers: string[] = [];
    for (let i = 0; i < LOGIN_RULES.email.freeFailures + 3; i++)
      answers.push((await login(email, `Wrong${i}a`, newAddress())).json().code);
    expect(answers.slice(0, LOGIN_RULES.email.freeFailures + 1)).toEqual(
      Array(LOGIN_RULES.email.freeFailures + 1).fill('UNAUTHORIZED'),
    );
    // The ceiling of the e-mail is reached: every new address waits, whatever it sends.
    expect(answers.slice(LOGIN_RULES.email.freeFailures + 1)).toEqual(['LOGIN_WAIT', 'LOGIN_WAIT']);
    expect((await login(email, 'Secret1', newAddress())).json().code).toBe('LOGIN_WAIT');
    // The owner at home is exempt from the e-mail's wait.
    expect((await login(email, 'Secret1', home)).statusCode).toBe(200);
  });

  it('cap guessing: the waits double up to the caps, so a day allows a few dozen guesses, not a million', () => {
    expect([5, 6, 7, 8, 9].map((n) => waitAfter(n, LOGIN_RULES.pair))).toEqual([0, 2, 4, 8, 16]);
    expect(waitAfter(40, LOGIN_RULES.pair)).toBe(LOGIN_RULES.pair.maxWait);
    expect(waitAfter(200, LOGIN_RULES.email)).toBe(LOGIN_RULES.email.maxWait);
    // The most guesses one e-mail can take in a day from any number of addresses, waiting each wait out.
    let guesses = 0;
    for (let elapsed = 0; elapsed < 24 * 3600; guesses++)
      elapsed += Math.max(1, waitAfter(guesses + 1, LOGIN_RULES.email));
    expect(guesses).toBeLessThan(100);
  });
});

describe('recovery codes', () => {
  it('a stranger’s wrong guesses never spend the attempts of the owner’s code', async () => {
    const email = await account();
    const owner = newAddress();
    expect((await post('/api/user/recovery-password/send-code', { email }, owner)).statusCode).toBe(200);
    const code = await recoveryCode(email);
    const wrong = code === '000000' ? '111111' : '000000';

    const strangers: string[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await post(
        '/api/user/recovery-password/check-code',
        { email, code: wrong, password: 'Hacked1' },
        newAddress(),
      );
      strangers.push(res.json().code);
    }
    // Five guesses an hour from elsewhere, then none: they count apart from the owner's code.
    expect(strangers).toEqual([...Array(5).fill('INVALID_CODE'), 'RATE_LIMITED', 'RATE_LIMITED', 'RATE_LIMITED']);

    const reset = await post('/api/user/recovery-password/check-code', { email, code, password: 'Newpass1' }, owner);
    expect(reset.statusCode).toBe(200);
    expect((await login(email, 'Newpass1', owner)).statusCode).toBe(200);
  });

  it('the asking address still has five tries on its code, then it is dead', async () => {
    const email = await account();
    const owner = newAddress();
    await post('/api/user/recovery-password/send-code', { email }, owner);
    const code = await recoveryCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers: string[] = [];
    for (let i = 0; i < 5; i++)
      answers.push(
        (
          await post('/api/user/recovery-password/check-code', { email, code: wrong, password: 'Newpass1' }, owner)
        ).json().code,
      );
    expect(answers).toEqual([...Array(4).fill('INVALID_CODE'), 'CODE_ATTEMPTS_EXCEEDED']);
    const late = await post('/api/user/recovery-password/check-code', { email, code, password: 'Newpass1' }, owner);
    expect(late.json().code).toBe('CODE_ATTEMPTS_EXCEEDED');
  });
});
