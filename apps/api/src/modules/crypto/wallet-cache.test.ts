import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createWalletClient, formatEther, http, parseEther, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { Purchase, Transaction, Wallet } from '@app/shared/schemas/crypto';
import type { AppServices } from '../../app';
import type { Database } from '../../db/client';
import { hashPassword } from '../../lib/password';
import { devChainDefinition } from '../../chain/start-chain';
import { insertUser, TEST_PASSWORD_PARAMS, testConfig } from '../../../test/app';
import { startApiProcesses } from '../../../test/api-processes';
import { startTestChain, type TestChain } from '../../../test/chain';
import { testRedisUrl } from '../../../test/services';
import { KIT_PASSWORD, KIT_STEP_UP } from '../../../test/kits/wallet';

/**
 * GET /api/crypto/wallet answers from what each process kept (decision 038), and a change of money
 * the person made (a deposit credited, a purchase, a withdrawal, the faucet) shows on the very next
 * read, on the process that made it and on another one of the same deployment (one database, one
 * Redis; on PostgreSQL each with its own connection pool, so only Redis tells it). The rows do not
 * expire from the caches during a test (SESSION_CACHE_SECONDS=300), and a new block makes a process
 * read only the BNB balance again: the balances and tokens can only be fresh through the
 * invalidation, and the faucet's (BNB without a row) is seen emptying the other process's cache.
 */

const redisUrl = await testRedisUrl();

/** A purchase or a withdrawal mines and follows several transactions: minutes on a loaded machine. */
const FLOW_MS = 180_000;

const outside = (): Address => privateKeyToAccount(generatePrivateKey()).address;

describe.each([
  { processes: 1, name: 'one process' },
  { processes: 2, name: 'two processes sharing Redis and the database' },
])('the wallet kept per process, $name', ({ processes }) => {
  const skip = processes === 2 && !redisUrl;
  let chain: TestChain;
  let cluster: Awaited<ReturnType<typeof startApiProcesses>> | undefined;
  let database: Database;
  /** A runs the chain workers; B (the same app on one process) serves the reads that must be fresh. */
  let a: { app: FastifyInstance; services: AppServices };
  let b: { app: FastifyInstance; services: AppServices };
  let admin: Record<string, string>;
  let passwordHash: string;
  // One configuration: the same DATA_DIR names the same deployment on PGlite.
  const config = testConfig({
    RATE_LIMIT_MAX: '100000',
    RATE_LIMIT_AUTH_MAX: '10000',
    SESSION_CACHE_SECONDS: '300',
    // The workers run when the test says so, not on a timer of their own.
    CHAIN_POLL_INTERVAL_MS: '3600000',
  });

  beforeAll(async () => {
    if (skip) return;
    chain = await startTestChain();
    cluster = await startApiProcesses(config, {
      count: processes,
      redisUrl: processes === 2 ? redisUrl : undefined,
      chain: chain.gateway,
      workers: (index) => index === 0,
    });
    database = cluster.database;
    [a, b] = [cluster.processes[0]!, cluster.processes.at(-1)!];
    passwordHash = await hashPassword(KIT_PASSWORD, TEST_PASSWORD_PARAMS);
    const boss = await insertUser(database, { role: 'admin', passwordHash });
    admin = { authorization: `Bearer ${await a.app.tokens.sign(boss.id)}` };
  }, 120_000);

  afterAll(async () => {
    if (skip) return;
    await cluster?.close();
    await chain?.stop();
  });

  async function call<T>(
    on: FastifyInstance,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    headers: object,
    payload?: object,
  ) {
    const res = await on.inject({
      method,
      url: `/api/crypto${url}`,
      headers: headers as Record<string, string>,
      payload,
    });
    return { status: res.statusCode, body: res.json() as T };
  }
  const walletOn = async (on: FastifyInstance, headers: object) => {
    const res = await call<Wallet>(on, 'GET', '/wallet', headers);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  /** Read on both processes, so each keeps the answer the next change must empty. */
  async function warm(headers: object) {
    const seen = await walletOn(a.app, headers);
    expect(await walletOn(b.app, headers)).toEqual(seen);
    expect(a.services.walletReads!.size).toBeGreaterThan(0);
    expect(b.services.walletReads!.size).toBeGreaterThan(0);
    return seen;
  }
  /** Workers on A, a block mined before each pass (receipts and confirmations arrive). */
  async function settle(passes = 8) {
    for (let i = 0; i < passes; i++) {
      await chain.mine(1);
      await a.services.cryptoWorkers!.runOnce();
    }
  }
  async function person() {
    const user = await insertUser(database, { passwordHash, domain: `w${Math.random().toString(36).slice(2, 10)}` });
    const headers = { authorization: `Bearer ${await a.app.tokens.sign(user.id)}` };
    return { id: user.id, headers, address: chain.gateway.addressOf(user.id) };
  }
  const chainBnb = async (address: Address) => formatEther(await chain.gateway.nativeBalance(address));

  it.skipIf(skip)('shows a deposit once it is credited, on the next read anywhere', { timeout: FLOW_MS }, async () => {
    const anna = await person();
    expect(await warm(anna.headers)).toMatchObject({ balance: '0', withdrawable: '0' });
    await chain.mintUsdt(anna.address, parseEther('150'));
    await settle(chain.gateway.confirmations + 2);
    expect(await walletOn(b.app, anna.headers)).toMatchObject({ balance: '150', withdrawable: '150' });
    expect(await walletOn(a.app, anna.headers)).toMatchObject({ balance: '150', withdrawable: '150' });
  });

  it.skipIf(skip)('shows BNB sent from outside once the deposit watcher has seen it', async () => {
    const anna = await person();
    await warm(anna.headers);
    const stranger = privateKeyToAccount(generatePrivateKey());
    await chain.setNative(stranger.address, parseEther('10'));
    const client = createWalletClient({
      account: stranger,
      chain: devChainDefinition(chain.rpcUrl),
      transport: http(chain.rpcUrl, { retryCount: 0 }),
    });
    await chain.waitForReceipt(await client.sendTransaction({ to: anna.address, value: parseEther('0.5') }));
    await a.services.cryptoWorkers!.runOnce();
    expect((await walletOn(b.app, anna.headers)).nativeBalance).toBe('0.5');
  });

  it.skipIf(skip)('shows the faucet’s BNB at once, and its USDT once credited', { timeout: FLOW_MS }, async () => {
    const anna = await person();
    expect(await warm(anna.headers)).toMatchObject({ nativeBalance: '0', balance: '0' });
    const sent = await call(a.app, 'POST', '/dev/faucet', anna.headers, { amount: '25' });
    expect(sent.status).toBe(200);
    expect(b.services.walletReads!.size).toBe(0);
    expect((await walletOn(b.app, anna.headers)).nativeBalance).toBe('0.01');
    await settle(chain.gateway.confirmations + 2);
    expect(await walletOn(b.app, anna.headers)).toMatchObject({ balance: '25', nativeBalance: '0.01' });
  });

  it.skipIf(skip)(
    'shows a purchase at once (escrow), then the token, the balance and the gas it cost',
    { timeout: FLOW_MS },
    async () => {
      expect((await call(a.app, 'PUT', '/admin/supply', admin, { level: 'SILVER', count: 1 })).status).toBe(200);
      const anna = await person();
      // The deposit address is watched once the wallet was opened.
      await walletOn(a.app, anna.headers);
      await chain.mintUsdt(anna.address, parseEther('150'));
      await settle(chain.gateway.confirmations + 2);
      expect(await warm(anna.headers)).toMatchObject({ balance: '150', escrow: '0', nfts: [] });

      const bought = await call<Purchase>(
        a.app,
        'POST',
        '/nft/buy',
        { ...anna.headers, 'idempotency-key': `wallet-cache-buy-${processes}` },
        { level: 'SILVER', agreeTerms: true },
      );
      expect(bought.status, JSON.stringify(bought.body)).toBe(200);
      expect(await walletOn(b.app, anna.headers)).toMatchObject({ balance: '150', withdrawable: '50', escrow: '100' });

      await warm(anna.headers);
      await settle();
      const purchase = await call<Purchase>(a.app, 'GET', `/nft/purchase/${bought.body.id}`, anna.headers);
      expect(purchase.body.status).toBe('COMPLETED');
      const after = await walletOn(b.app, anna.headers);
      expect(after).toMatchObject({ balance: '50', withdrawable: '50', escrow: '0' });
      expect(after.nfts).toEqual([expect.objectContaining({ id: bought.body.nftId, level: 'SILVER' })]);
      // The gas top-up arrived and the approval and the purchase spent some of it: as the chain has it.
      expect(after.nativeBalance).toBe(await chainBnb(anna.address));
      expect(Number(after.nativeBalance)).toBeGreaterThan(0);
    },
  );

  it.skipIf(skip)(
    'shows a withdrawal at once (pending), then sent, with the gas it cost',
    { timeout: FLOW_MS },
    async () => {
      const anna = await person();
      await walletOn(a.app, anna.headers);
      await chain.mintUsdt(anna.address, parseEther('80'));
      // Gas money from the faucet: it leaves no row, the faucet empties the caches itself.
      expect((await call(a.app, 'POST', '/dev/faucet', anna.headers, { amount: '1' })).status).toBe(200);
      await settle(chain.gateway.confirmations + 2);
      expect(await warm(anna.headers)).toMatchObject({ balance: '81', nativeBalance: '0.01' });

      const asked = await call<Transaction>(
        b.app,
        'POST',
        '/wallet/withdraw/',
        { ...anna.headers, 'idempotency-key': `wallet-cache-out-${processes}` },
        { currency: 'USDT', address: outside(), amount: '30', stepUp: KIT_STEP_UP },
      );
      expect(asked.status, JSON.stringify(asked.body)).toBe(200);
      expect(await walletOn(a.app, anna.headers)).toMatchObject({
        balance: '81',
        withdrawable: '51',
        pendingWithdrawals: '30',
      });
      expect(await walletOn(b.app, anna.headers)).toMatchObject({ withdrawable: '51', pendingWithdrawals: '30' });

      await settle();
      const sent = await call<Transaction>(a.app, 'GET', `/transaction/${asked.body.id}`, anna.headers);
      expect(sent.body.status).toBe('CONFIRMED');
      const after = await walletOn(b.app, anna.headers);
      expect(after).toMatchObject({ balance: '51', withdrawable: '51', pendingWithdrawals: '0' });
      expect(after.nativeBalance).toBe(await chainBnb(anna.address));
      expect(Number(after.nativeBalance)).toBeLessThan(0.01);
    },
  );
});
