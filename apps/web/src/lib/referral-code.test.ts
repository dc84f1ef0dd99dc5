// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://127.0.0.1:45733/" }
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rememberReferralCode, saveRememberedReferralCode } from './referral-code';
import { session } from './session';

/** A real HTTP server on jsdom's origin, recording what the browser sent. */
let server: http.Server;
const calls: { method: string; url: string; authorization?: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    calls.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(45733, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('a referral code kept through the provider sign-in', () => {
  it('is saved once for the signed-in account, then forgotten', async () => {
    rememberReferralCode('EEE1F');
    session.save({ token: 'tok' });
    await saveRememberedReferralCode();
    await saveRememberedReferralCode();
    expect(calls).toEqual([{ method: 'POST', url: '/api/referral/save/EEE1F', authorization: 'Bearer tok' }]);
  });

  it('saves nothing when no link was followed', async () => {
    calls.length = 0;
    await saveRememberedReferralCode();
    expect(calls).toEqual([]);
  });
});
