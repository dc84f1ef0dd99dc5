import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { startSmtpInbox, type SmtpInbox } from '../../../test/smtp-inbox';

/** The e-mail code check in SPEC.md's path form and, so the code stays out of URLs, in the body. */
let t: TestApp;
let smtp: SmtpInbox;
beforeAll(async () => {
  smtp = await startSmtpInbox();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, RATE_LIMIT_AUTH_MAX: '1000' } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function registered(email: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/register',
    payload: { email, password: 'Secret1' },
  });
  return { authorization: `Bearer ${res.json().token}` };
}

describe('POST /api/user/email/verify/check', () => {
  it('confirms the e-mail with the code in the body', async () => {
    const headers = await registered('body-code@example.com');
    const code = await smtp.codeFor('body-code@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/user/email/verify/check',
      headers,
      payload: { code: wrong },
    });
    expect(refused.json().code).toBe('INVALID_CODE');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/user/email/verify/check',
      headers,
      payload: { code: 'x' },
    });
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: [{ path: 'code', key: 'msg.invalid-code' }] });
    const res = await t.app.inject({ method: 'POST', url: '/api/user/email/verify/check', headers, payload: { code } });
    expect(res.statusCode).toBe(200);
    expect(res.json().emailVerified).toBe(true);
  });

  it('still takes the code in the path, as SPEC.md has it', async () => {
    const headers = await registered('path-code@example.com');
    const code = await smtp.codeFor('path-code@example.com');
    const res = await t.app.inject({ method: 'POST', url: `/api/user/email/verify/check/${code}`, headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().emailVerified).toBe(true);
  });
});
