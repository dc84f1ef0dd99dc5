import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEther, type Address } from 'viem';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { and, eq } from 'drizzle-orm';
import type { Transaction } from '@app/shared/schemas/crypto';
import type { ChainGateway } from '../../chain/gateway';
import { createTestApp, type TestApp } from '../../../test/app';
import { startTestChain, type TestChain } from '../../../test/chain';
import { KIT_STEP_UP, walletKit } from '../../../test/kits/wallet';
import { chainStepRetries } from '../../db/schema';
import { FIRST_DELAY_MS, MAX_TRIES, retryDelayMs } from './step-retries';

/**
 * The chain workers' backoff against a real EVM: a withdrawal whose receipt the node cannot give
 * (it is down) waits longer after each failed try instead of hammering it every pass, is parked
 * for an admin after the last try, and finishes once the node answers and an admin retries.
 */
let chain: TestChain;
let t: TestApp;
/** While true, the node "does not answer" receipt lookups. */
let nodeDown = false;

const usdt = (n: number) => parseEther(String(n));
const { userWithToken, call, wallet, settle } = walletKit(() => ({ t, chain }));

beforeAll(async () => {
  chain = await startTestChain();
  const gateway = new Proxy(chain.gateway, {
    get(target, key, receiver) {
      if (key === 'receipt' && nodeDown)
        return () => Promise.reject(new Error('fetch failed: connect ECONNREFUSED 127.0.0.1:8545'));
      const value = Reflect.get(target, key, receiver) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  }) as ChainGateway;
  t = await createTestApp({ chain: gateway, env: { RATE_LIMIT_AUTH_MAX: '10000', RATE_LIMIT_MAX: '100000' } });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await chain?.stop();
});

const retryOf = async (refId: number) =>
  (
    await t.database.db
      .select()
      .from(chainStepRetries)
      .where(and(eq(chainStepRetries.kind, 'withdrawal'), eq(chainStepRetries.refId, refId)))
  )[0];
/** Time passes for the row: its next try is due now. */
const makeDue = (refId: number) =>
  t.database.db
    .update(chainStepRetries)
    .set({ nextAt: new Date(Date.now() - 1) })
    .where(and(eq(chainStepRetries.kind, 'withdrawal'), eq(chainStepRetries.refId, refId)));

describe('backoff', () => {
  it('doubles the wait from 5 s up to 10 minutes, with jitter of a fifth either way', () => {
    expect(retryDelayMs(1, () => 0.5)).toBe(FIRST_DELAY_MS);
    expect(retryDelayMs(2, () => 0.5)).toBe(2 * FIRST_DELAY_MS);
    expect(retryDelayMs(4, () => 0.5)).toBe(8 * FIRST_DELAY_MS);
    expect(retryDelayMs(30, () => 0.5)).toBe(10 * 60_000);
    expect(retryDelayMs(1, () => 0)).toBe(0.8 * FIRST_DELAY_MS);
    expect(retryDelayMs(1, () => 1)).toBe(1.2 * FIRST_DELAY_MS);
  });

  it('a withdrawal that cannot be followed waits, is parked after the last try, and finishes when retried', async () => {
    const user = await userWithToken();
    const { address } = await wallet(user.headers);
    await chain.mintUsdt(address as Address, usdt(50));
    await settle(chain.gateway.confirmations + 2);
    await chain.setNative(address as Address, parseEther('1'));
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const requested = await call<Transaction>(
      'POST',
      '/wallet/withdraw/',
      { ...user.headers, 'idempotency-key': 'w-backoff-001' },
      { currency: 'USDT', address: to, amount: '20', stepUp: KIT_STEP_UP },
    );
    expect(requested.status).toBe(200);
    const id = requested.body.id;
    await settle(1);

    // Sent; now the node stops answering: the first failure waits about 5 s, and passes meanwhile leave it alone.
    nodeDown = true;
    await settle(1);
    const first = await retryOf(id);
    expect(first).toMatchObject({ tries: 1, deadAt: null });
    expect(first!.lastError).toContain('ECONNREFUSED');
    const wait = first!.nextAt.getTime() - first!.updatedAt.getTime();
    expect(wait).toBeGreaterThanOrEqual(0.8 * FIRST_DELAY_MS - 1_000);
    expect(wait).toBeLessThanOrEqual(1.2 * FIRST_DELAY_MS + 1_000);
    await settle(3);
    expect((await retryOf(id))!.tries).toBe(1);

    // Each due try that fails counts; the last one parks the row, and then even due passes skip it.
    for (let tries = 2; tries <= MAX_TRIES; tries++) {
      await makeDue(id);
      await settle(1);
      expect((await retryOf(id))!.tries).toBe(tries);
    }
    const parked = await retryOf(id);
    expect(parked!.deadAt).not.toBeNull();
    await makeDue(id);
    nodeDown = false;
    await settle(2);
    expect((await retryOf(id))!.tries).toBe(MAX_TRIES);
    expect((await call<Transaction>('GET', `/transaction/${id}`, user.headers)).body.status).toBe('PROCESSING');

    // The admin's retry (/control/jobs): the next pass follows it again, it confirms and its failures are forgotten.
    const admin = await userWithToken('admin');
    const retryNow = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/control/jobs/chain/withdrawal/${id}/retry`,
        headers: admin.headers,
        payload: { reason: 'the node is back' },
      });
    expect((await retryNow()).statusCode).toBe(200);
    await settle(chain.gateway.confirmations + 2);
    expect((await call<Transaction>('GET', `/transaction/${id}`, user.headers)).body.status).toBe('CONFIRMED');
    expect(await chain.gateway.usdtBalance(to)).toBe(usdt(20));
    await settle(1);
    expect(await retryOf(id)).toBeUndefined();
    expect((await retryNow()).statusCode).toBe(404);
  });
});
