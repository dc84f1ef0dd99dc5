import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalletClient, http, parseEther, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { and, eq, sql } from 'drizzle-orm';
import type { Purchase, Transaction } from '@app/shared/schemas/crypto';
import { isErrorCode } from '@app/shared/errors';
import { createTestApp, type TestApp } from '../../../test/app';
import { startTestChain, type TestChain } from '../../../test/chain';
import { devChainDefinition } from '../../chain/start-chain';
import { DEV_CHAIN_ID } from '../../chain/dev-chain';
import type { ChainGateway } from '../../chain/gateway';
import { createViemGateway } from '../../chain/viem-gateway';
import { chainCursors, cryptoTransactions, domainEvents, ledgerEntries } from '../../db/schema';
import { createDepositWatcher } from './deposit-watcher';
import { createWithdrawalSender } from './withdrawal-sender';
import { KIT_STEP_UP, walletKit } from '../../../test/kits/wallet';
import { silentEvents, withdrawalsClosed, type CryptoContext } from './context';

/**
 * The wallet's loose ends against a real EVM (Hardhat's node with the real contracts): BNB sent to
 * a deposit address shows in the history without touching the USDT ledger, a failure's reason is a
 * code of the error catalogue, and with CHAIN_FINALITY=finalized the chain's finalized block decides.
 */
let chain: TestChain;
let t: TestApp;

const usdt = (n: number | string) => parseEther(String(n));

const { userWithToken, call, wallet, settle } = walletKit(() => ({ t, chain }));

const history = async (headers: Record<string, string>) =>
  (await call<{ items: Transaction[]; total: number }>('GET', '/transaction', headers)).body;

/** BNB from an address outside the platform, in a real transaction; mined when it resolves. */
async function sendBnbFromOutside(to: Address, value: bigint) {
  const account = privateKeyToAccount(generatePrivateKey());
  await chain.setNative(account.address, parseEther('10'));
  const client = createWalletClient({
    account,
    chain: devChainDefinition(chain.rpcUrl),
    transport: http(chain.rpcUrl, { retryCount: 0 }),
  });
  const hash = await client.sendTransaction({ to, value });
  const receipt = await chain.waitForReceipt(hash);
  return { hash, from: account.address, blockNumber: receipt.blockNumber };
}

const creditedEvents = (transactionId: number) =>
  t.database.db
    .select()
    .from(domainEvents)
    .where(
      and(
        eq(domainEvents.type, 'deposit.credited'),
        sql`(${domainEvents.payload}->>'transactionId')::int = ${transactionId}`,
      ),
    );

beforeAll(async () => {
  chain = await startTestChain();
  t = await createTestApp({ chain: chain.gateway, env: { RATE_LIMIT_AUTH_MAX: '10000', RATE_LIMIT_MAX: '100000' } });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await chain?.stop();
});

describe('BNB deposits', () => {
  it('show as a PENDING BNB INPUT, then CONFIRMED once, with its domain event and no ledger row', async () => {
    const user = await userWithToken();
    const { address } = await wallet(user.headers);
    const sent = await sendBnbFromOutside(address as Address, parseEther('0.5'));

    await t.services.cryptoWorkers!.runOnce();
    // The test chain asks for 2 confirmations: a transfer just mined is still young.
    expect(chain.gateway.confirmations).toBe(2);
    const pending = (await history(user.headers)).items;
    expect(pending).toEqual([
      expect.objectContaining({
        type: 'INPUT',
        currency: 'BNB',
        status: 'PENDING',
        amount: '0.5',
        txHash: sent.hash,
        confirmations: 1,
        requiredConfirmations: 2,
      }),
    ]);
    expect(pending[0]!.counterparty?.toLowerCase()).toBe(sent.from.toLowerCase());

    await settle(2);
    const done = await history(user.headers);
    expect(done.total).toBe(1);
    expect(done.items[0]).toMatchObject({
      id: pending[0]!.id,
      type: 'INPUT',
      currency: 'BNB',
      status: 'CONFIRMED',
      amount: '0.5',
    });

    // BNB is not USDT money: the ledger never saw it, and the BNB balance is the chain's.
    expect(
      await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, pending[0]!.id)),
    ).toEqual([]);
    expect(await wallet(user.headers)).toMatchObject({ balance: '0', withdrawable: '0', nativeBalance: '0.5' });
    const events = await creditedEvents(pending[0]!.id);
    expect(events.map((e) => e.payload)).toEqual([
      {
        userId: user.id,
        transactionId: pending[0]!.id,
        amount: usdt('0.5').toString(),
        kind: 'INPUT',
        currency: 'BNB',
      },
    ]);

    // A block read twice records once: a fresh watcher (as after a restart) reads it again.
    await t.database.db
      .update(chainCursors)
      .set({ block: sent.blockNumber - 1n })
      .where(eq(chainCursors.name, 'bnb-deposits'));
    const ctx: CryptoContext = {
      db: t.database.db,
      chain: chain.gateway,
      events: silentEvents,
      withdrawals: withdrawalsClosed,
      bnbPriceUsd: 600,
      wake() {},
    };
    await createDepositWatcher(ctx).poll();
    await t.services.cryptoWorkers!.runOnce();
    expect((await history(user.headers)).total).toBe(1);
    expect(await creditedEvents(pending[0]!.id)).toHaveLength(1);
    const [cursor] = await t.database.db.select().from(chainCursors).where(eq(chainCursors.name, 'bnb-deposits'));
    expect(cursor!.block).toBeGreaterThanOrEqual(sent.blockNumber);
  });

  it('reads blocks whole, a bounded number per call', async () => {
    const user = await userWithToken();
    const { address } = await wallet(user.headers);
    await chain.mine(100);
    const sent = await sendBnbFromOutside(address as Address, parseEther('0.25'));
    const found = await chain.gateway.nativeTransfers(sent.blockNumber - 99n, sent.blockNumber, [address as Address]);
    expect(found).toEqual([
      { txHash: sent.hash, blockNumber: sent.blockNumber, from: sent.from, to: address, value: parseEther('0.25') },
    ]);
    await expect(
      chain.gateway.nativeTransfers(sent.blockNumber - 100n, sent.blockNumber, [address as Address]),
    ).rejects.toThrow(RangeError);
  });

  it('leaves out the platform’s own gas top-up (its GASING row shows it) but shows the faucet’s BNB once', async () => {
    const admin = await userWithToken('admin');
    expect((await call('PUT', '/admin/supply', admin.headers, { level: 'SILVER', count: 1 })).status).toBe(200);
    const buyer = await userWithToken();
    const { address } = await wallet(buyer.headers);
    await chain.mintUsdt(address as Address, usdt(100));
    await settle(chain.gateway.confirmations + 1);
    const bought = await call<Purchase>(
      'POST',
      '/nft/buy',
      { ...buyer.headers, 'idempotency-key': 'bnb-gasing-0001' },
      { level: 'SILVER', agreeTerms: true },
    );
    expect(bought.status).toBe(200);
    await settle(chain.gateway.confirmations + 6);
    const purchase = (await call<Purchase>('GET', `/nft/purchase/${bought.body.id}`, buyer.headers)).body;
    expect(purchase.status).toBe('COMPLETED');
    const gasing = purchase.transactions.find((tx) => tx.type === 'GASING')!;
    expect(gasing).toMatchObject({ status: 'CONFIRMED', currency: 'BNB' });
    expect(gasing.txHash).toBeTruthy();

    const items = (await history(buyer.headers)).items;
    expect(items.filter((tx) => tx.currency === 'BNB').map((tx) => tx.type)).toEqual(['GASING']);
    expect(
      await t.database.db.select().from(cryptoTransactions).where(eq(cryptoTransactions.txHash, gasing.txHash!)),
    ).toHaveLength(1);

    const faucet = await call<{ bnbTxHash: string }>('POST', '/dev/faucet', buyer.headers, { amount: '1' });
    expect(faucet.status).toBe(200);
    await settle(chain.gateway.confirmations + 1);
    const bnbInputs = (await history(buyer.headers)).items.filter((tx) => tx.type === 'INPUT' && tx.currency === 'BNB');
    expect(bnbInputs).toEqual([
      expect.objectContaining({ status: 'CONFIRMED', amount: '0.01', txHash: faucet.body.bnbTxHash }),
    ]);
  });
});

describe('failure reasons', () => {
  it('are error-catalogue codes, stored as such', async () => {
    const user = await userWithToken();
    const { address } = await wallet(user.headers);
    await chain.mintUsdt(address as Address, usdt(20));
    await chain.setNative(address as Address, parseEther('1'));
    await settle(chain.gateway.confirmations + 1);
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const requested = await call<Transaction>(
      'POST',
      '/wallet/withdraw/',
      { ...user.headers, 'idempotency-key': 'reason-code-001' },
      { currency: 'USDT', address: to, amount: '5', stepUp: KIT_STEP_UP },
    );
    expect(requested.status).toBe(200);
    // No gas left when the sender signs: the transfer cannot be sent.
    await chain.setNative(address as Address, 0n);
    await settle(2);
    const failed = (await call<Transaction>('GET', `/transaction/${requested.body.id}`, user.headers)).body;
    expect(failed).toMatchObject({ status: 'FAIL', error: 'TRANSFER_NOT_SENT' });
    expect(isErrorCode(failed.error)).toBe(true);
    const [row] = await t.database.db
      .select()
      .from(cryptoTransactions)
      .where(eq(cryptoTransactions.id, requested.body.id));
    expect(row!.error).toBe('TRANSFER_NOT_SENT');
    expect(await wallet(user.headers)).toMatchObject({ withdrawable: '20', pendingWithdrawals: '0' });
  });
});

describe('CHAIN_FINALITY=finalized', () => {
  let gateway: ChainGateway;
  /** How far the finalized block stays behind Hardhat's, which finalizes each block at once. */
  let lag = 0n;
  let ctx: CryptoContext;
  const log = { error() {} };

  beforeAll(async () => {
    gateway = await createViemGateway({
      rpcUrl: chain.rpcUrl,
      chainId: DEV_CHAIN_ID,
      usdtAddress: chain.gateway.usdtAddress,
      marketAddress: chain.gateway.marketAddress,
      treasuryPrivateKey: chain.treasuryPrivateKey,
      mnemonic: chain.mnemonic,
      confirmations: 2,
      pollingIntervalMs: 50,
      retryCount: 0,
      finality: 'finalized',
    });
    const lagging = new Proxy(gateway, {
      get(target, property, receiver) {
        if (property === 'finalizedBlock') return async () => (await target.finalizedBlock()) - lag;
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    ctx = {
      db: t.database.db,
      chain: lagging,
      events: silentEvents,
      withdrawals: withdrawalsClosed,
      bnbPriceUsd: 600,
      wake() {},
    };
  });

  afterAll(async () => {
    await gateway?.close();
  });

  const byCurrency = async (headers: Record<string, string>) => {
    const items = (await history(headers)).items.filter((tx) => tx.type === 'INPUT');
    return { usdt: items.filter((tx) => tx.currency === 'USDT'), bnb: items.filter((tx) => tx.currency === 'BNB') };
  };

  it('reads the finalized tag from the node (Hardhat finalizes its head)', async () => {
    await chain.mine(1);
    const head = await gateway.blockNumber();
    expect(await gateway.finalizedBlock()).toBe(head);
    expect(gateway.finality).toBe('finalized');
    expect(chain.gateway.finality).toBe('confirmations');
  });

  it('counts a deposit once its block is finalized, not after CHAIN_CONFIRMATIONS blocks', async () => {
    lag = 0n;
    const watcher = createDepositWatcher(ctx);
    const user = await userWithToken();
    const { address } = await wallet(user.headers);

    // Finalized at once: credited with one confirmation, where CHAIN_CONFIRMATIONS asks for 2.
    await chain.mintUsdt(address as Address, usdt(30));
    await sendBnbFromOutside(address as Address, parseEther('0.2'));
    await watcher.poll();
    let inputs = await byCurrency(user.headers);
    expect(inputs.usdt).toEqual([
      expect.objectContaining({ status: 'CONFIRMED', amount: '30', requiredConfirmations: 1 }),
    ]);
    expect(inputs.bnb).toEqual([
      expect.objectContaining({ status: 'CONFIRMED', amount: '0.2', confirmations: 1, requiredConfirmations: 1 }),
    ]);
    expect((await wallet(user.headers)).balance).toBe('30');

    // Two blocks short of finalized: PENDING however many blocks stand on top, until it is reached.
    lag = 2n;
    await chain.mintUsdt(address as Address, usdt(10));
    await sendBnbFromOutside(address as Address, parseEther('0.1'));
    await watcher.poll();
    inputs = await byCurrency(user.headers);
    expect(inputs.usdt[0]).toMatchObject({
      status: 'PENDING',
      amount: '10',
      confirmations: 2,
      requiredConfirmations: 3,
    });
    expect(inputs.bnb[0]).toMatchObject({
      status: 'PENDING',
      amount: '0.1',
      confirmations: 1,
      requiredConfirmations: 3,
    });
    expect((await wallet(user.headers)).balance).toBe('30');

    await chain.mine(1);
    await watcher.poll();
    inputs = await byCurrency(user.headers);
    expect(inputs.usdt[0]).toMatchObject({ status: 'CONFIRMED', amount: '10' });
    expect(inputs.bnb[0]).toMatchObject({
      status: 'PENDING',
      amount: '0.1',
      confirmations: 2,
      requiredConfirmations: 3,
    });
    expect((await wallet(user.headers)).balance).toBe('40');

    await chain.mine(1);
    await watcher.poll();
    inputs = await byCurrency(user.headers);
    expect(inputs.bnb.map((tx) => tx.status)).toEqual(['CONFIRMED', 'CONFIRMED']);
    expect(inputs.usdt.map((tx) => tx.status)).toEqual(['CONFIRMED', 'CONFIRMED']);
  });

  it('counts a withdrawal as sent once its block is finalized', async () => {
    lag = 0n;
    const user = await userWithToken();
    const { address } = await wallet(user.headers);
    await chain.mintUsdt(address as Address, usdt(50));
    await chain.setNative(address as Address, parseEther('1'));
    await createDepositWatcher(ctx).poll();
    expect((await wallet(user.headers)).withdrawable).toBe('50');

    lag = 2n;
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const requested = await call<Transaction>(
      'POST',
      '/wallet/withdraw/',
      { ...user.headers, 'idempotency-key': 'finalized-wd-01' },
      { currency: 'USDT', address: to, amount: '20', stepUp: KIT_STEP_UP },
    );
    expect(requested.status).toBe(200);
    const sender = createWithdrawalSender(ctx, log);
    const read = async () => (await call<Transaction>('GET', `/transaction/${requested.body.id}`, user.headers)).body;

    await sender.run();
    expect(await gateway.usdtBalance(to)).toBe(usdt(20));
    await sender.run();
    expect(await read()).toMatchObject({ status: 'PROCESSING', confirmations: 1, requiredConfirmations: 3 });
    await chain.mine(1);
    await sender.run();
    expect(await read()).toMatchObject({ status: 'PROCESSING', confirmations: 2, requiredConfirmations: 3 });
    expect(await wallet(user.headers)).toMatchObject({ withdrawable: '30', pendingWithdrawals: '20' });

    await chain.mine(1);
    await sender.run();
    expect(await read()).toMatchObject({ status: 'CONFIRMED', confirmations: 3 });
    expect(await wallet(user.headers)).toMatchObject({ balance: '30', withdrawable: '30', pendingWithdrawals: '0' });
  });
});
