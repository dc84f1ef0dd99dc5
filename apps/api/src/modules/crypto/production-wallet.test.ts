import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { startTestChain, type TestChain } from '../../../test/chain';
import { walletKit } from '../../../test/kits/wallet';

/**
 * The wallet under APP_ENV=production on the embedded chain (as the browser tests run it): no
 * test USDT, and a withdrawal only in the currency the sender really transfers.
 */
let chain: TestChain;
let t: TestApp;
const { userWithToken, call } = walletKit(() => ({ t, chain }));

beforeAll(async () => {
  chain = await startTestChain();
  t = await createTestApp({
    chain: chain.gateway,
    env: {
      APP_ENV: 'production',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      KYC_ENCRYPTION_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
    },
  });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await chain?.stop();
});

describe('the wallet in production', () => {
  it('has no faucet', async () => {
    const user = await userWithToken();
    const res = await call<{ code: string }>('POST', '/dev/faucet', user.headers, { amount: '100' });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
  });

  it('refuses to withdraw anything but USDT, with its own code, before looking at the money', async () => {
    const user = await userWithToken();
    const address = privateKeyToAccount(generatePrivateKey()).address;
    const res = await call<{ code: string }>(
      'POST',
      '/wallet/withdraw/',
      { ...user.headers, 'idempotency-key': 'bnb-withdrawal-1' },
      { currency: 'BNB', address, amount: '50' },
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('WITHDRAW_CURRENCY_UNSUPPORTED');
  });
});
