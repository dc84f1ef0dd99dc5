import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEther, type Address } from 'viem';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { and, eq } from 'drizzle-orm';
import type { Purchase, Transaction } from '@app/shared/schemas/crypto';
import { createTestApp, type TestApp } from '../../../test/app';
import { startTestChain, type TestChain } from '../../../test/chain';
import { auditLog, ledgerEntries, nfts } from '../../db/schema';
import { createDepositWatcher } from './deposit-watcher';
import { recordCreatedTokens, awaitCreated } from './market-service';
import { KIT_STEP_UP, walletKit } from '../../../test/kits/wallet';
import { silentEvents, withdrawalsClosed, type CryptoContext } from './context';

/**
 * The wallet and market against a real EVM (Hardhat's node with the real contracts): deposits,
 * purchases in stock and through the queue, withdrawals, seller rewards, and no overspending.
 */
let chain: TestChain;
let t: TestApp;

const usdt = (n: number | string) => parseEther(String(n));
const outside = (): Address => privateKeyToAccount(generatePrivateKey()).address;

const { userWithToken, call, wallet, settle } = walletKit(() => ({ t, chain }));

async function deposit(headers: Record<string, string>, amount: number) {
  const { address } = await wallet(headers);
  await chain.mintUsdt(address as Address, usdt(amount));
  await settle(chain.gateway.confirmations + 2);
}

beforeAll(async () => {
  chain = await startTestChain();
  t = await createTestApp({ chain: chain.gateway, env: { RATE_LIMIT_AUTH_MAX: '10000', RATE_LIMIT_MAX: '100000' } });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await chain?.stop();
});

describe('deposits', () => {
  it('shows a young deposit as PENDING, credits it once after the confirmations, and never twice', async () => {
    const user = await userWithToken();
    const { address, balance } = await wallet(user.headers);
    expect(balance).toBe('0');
    expect(address).toBe(chain.gateway.addressOf(user.id));

    await chain.mintUsdt(address as Address, usdt(250));
    await t.services.cryptoWorkers!.runOnce();
    const pending = (await call<{ items: Transaction[] }>('GET', '/transaction?type=INPUT', user.headers)).body.items;
    // The test chain asks for 2 confirmations, so a deposit just mined is still young.
    expect(chain.gateway.confirmations).toBeGreaterThan(1);
    expect(pending[0]).toMatchObject({ status: 'PENDING', amount: '250' });
    expect((await wallet(user.headers)).balance).toBe('0');

    await settle(chain.gateway.confirmations + 1);
    const after = await wallet(user.headers);
    expect(after).toMatchObject({ balance: '250', withdrawable: '250' });
    const inputs = (await call<{ items: Transaction[]; total: number }>('GET', '/transaction?type=INPUT', user.headers))
      .body;
    expect(inputs.total).toBe(1);
    expect(inputs.items[0]).toMatchObject({ status: 'CONFIRMED', type: 'INPUT', amount: '250' });

    await settle(3);
    expect((await wallet(user.headers)).balance).toBe('250');
  });

  it('a watcher restarted half-way loses nothing and counts nothing twice', async () => {
    const user = await userWithToken();
    const { address } = await wallet(user.headers);
    await chain.mintUsdt(address as Address, usdt(10));
    await chain.mine(chain.gateway.confirmations + 1);
    // A second watcher, as after a restart, reading the same blocks with its own fresh state.
    const ctx: CryptoContext = {
      db: t.database.db,
      chain: chain.gateway,
      events: silentEvents,
      withdrawals: withdrawalsClosed,
      bnbPriceUsd: 600,
      wake() {},
    };
    await createDepositWatcher(ctx).poll();
    await chain.mintUsdt(address as Address, usdt(5));
    await chain.mine(chain.gateway.confirmations + 1);
    await t.services.cryptoWorkers!.runOnce();
    await createDepositWatcher(ctx).poll();
    await t.services.cryptoWorkers!.runOnce();
    expect((await wallet(user.headers)).balance).toBe('15');
  });
});

describe('market', () => {
  let admin: Awaited<ReturnType<typeof userWithToken>>;
  beforeAll(async () => {
    admin = await userWithToken('admin');
  });

  it('refuses the admin endpoints to a user, and bad input with a clear error', async () => {
    const user = await userWithToken();
    expect((await call('PUT', '/admin/supply', user.headers, { level: 'SILVER', count: 1 })).status).toBe(403);
    const noTerms = await call<{ code: string }>(
      'POST',
      '/nft/buy',
      { ...user.headers, 'idempotency-key': 'k-no-terms-1' },
      { level: 'SILVER' },
    );
    expect(noTerms).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
    const noKey = await call<{ code: string }>('POST', '/nft/buy', user.headers, { level: 'SILVER', agreeTerms: true });
    expect(noKey).toMatchObject({ status: 400, body: { code: 'IDEMPOTENCY_KEY_REQUIRED' } });
    const gold = await call<{ code: string; message: string }>(
      'POST',
      '/nft/buy',
      { ...user.headers, 'idempotency-key': 'k-gold-0001' },
      { level: 'GOLD', agreeTerms: true },
    );
    expect(gold).toMatchObject({
      status: 403,
      body: { code: 'KYC_REQUIRED', message: 'KYC is required for buying NFT' },
    });
    const broke = await call<{ code: string }>(
      'POST',
      '/nft/buy',
      { ...user.headers, 'idempotency-key': 'k-broke-001' },
      { level: 'SILVER', agreeTerms: true },
    );
    expect(broke).toMatchObject({ status: 400, body: { code: 'INSUFFICIENT_FUNDS' } });
  });

  it('buys Silver in stock: GASING, APPROVE, BUY_NFT on chain, and the token is on the buyer’s address', async () => {
    const supplied = await call<{ ids: number[] }>('PUT', '/admin/supply', admin.headers, {
      level: 'SILVER',
      count: 1,
    });
    expect(supplied.status).toBe(200);
    const [tokenId] = supplied.body.ids;
    const [listed] = await t.database.db.select().from(nfts).where(eq(nfts.id, tokenId!));
    const supplyAudit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'nft.supply'));
    expect(supplyAudit.find((row) => row.after?.txHash === listed!.createdTxHash)).toMatchObject({
      actorId: admin.id,
      targetId: 'SILVER',
      after: { count: 1 },
    });
    const market = (await call<{ levels: { level: string; stock: number }[] }>('GET', '/market', {})).body;
    expect(market.levels.find((l) => l.level === 'SILVER')!.stock).toBe(1);

    const buyer = await userWithToken();
    await deposit(buyer.headers, 150);
    const bought = await call<Purchase>(
      'POST',
      '/nft/buy',
      { ...buyer.headers, 'idempotency-key': 'buy-silver-0001' },
      { level: 'SILVER', agreeTerms: true },
    );
    expect(bought).toMatchObject({ status: 200, body: { status: 'PROCESSING', nftId: tokenId, price: '100' } });
    expect(await wallet(buyer.headers)).toMatchObject({ balance: '150', withdrawable: '50', escrow: '100' });

    await settle();
    const done = (await call<Purchase>('GET', `/nft/purchase/${bought.body.id}`, buyer.headers)).body;
    expect(done.status).toBe('COMPLETED');
    expect(done.transactions.map((s) => [s.type, s.status])).toEqual([
      ['GASING', 'CONFIRMED'],
      ['APPROVE', 'CONFIRMED'],
      ['BUY_NFT', 'CONFIRMED'],
    ]);
    expect((await chain.gateway.ownerOf(tokenId!)).toLowerCase()).toBe(chain.gateway.addressOf(buyer.id).toLowerCase());
    const after = await wallet(buyer.headers);
    expect(after).toMatchObject({ balance: '50', withdrawable: '50', escrow: '0' });
    expect(after.nfts).toEqual([expect.objectContaining({ id: tokenId, level: 'SILVER', parent1: null })]);
    expect(Number(after.nativeBalance)).toBeGreaterThan(0);

    // The same key answers the same purchase; the level cannot be bought twice.
    const again = await call<Purchase>(
      'POST',
      '/nft/buy',
      { ...buyer.headers, 'idempotency-key': 'buy-silver-0001' },
      { level: 'SILVER', agreeTerms: true },
    );
    expect(again.body.id).toBe(bought.body.id);
    const second = await call<{ code: string }>(
      'POST',
      '/nft/buy',
      { ...buyer.headers, 'idempotency-key': 'buy-silver-0002' },
      { level: 'SILVER', agreeTerms: true },
    );
    expect(second.body.code).toBe('LEVEL_ALREADY_OWNED');
  });

  it('out of stock: prepay and queue in order, cancel with a refund, and the next token goes to the head', async () => {
    const [first, second] = [await userWithToken(), await userWithToken()];
    await deposit(first.headers, 100);
    await deposit(second.headers, 100);
    const q1 = await call<Purchase>(
      'POST',
      '/nft/buy',
      { ...first.headers, 'idempotency-key': 'queue-first-01' },
      { level: 'SILVER', agreeTerms: true },
    );
    const q2 = await call<Purchase>(
      'POST',
      '/nft/buy',
      { ...second.headers, 'idempotency-key': 'queue-second-1' },
      { level: 'SILVER', agreeTerms: true },
    );
    expect(q1.body).toMatchObject({ status: 'QUEUED', queuePosition: 1 });
    expect(q2.body).toMatchObject({ status: 'QUEUED', queuePosition: 2 });
    expect(await wallet(first.headers)).toMatchObject({ balance: '100', withdrawable: '0', escrow: '100' });
    const market = (
      await call<{ levels: { level: string; queueLength: number; myQueuePosition: number | null }[] }>(
        'GET',
        '/market',
        second.headers,
      )
    ).body;
    expect(market.levels.find((l) => l.level === 'SILVER')).toMatchObject({ queueLength: 2, myQueuePosition: 2 });

    // The second buyer changes their mind: the prepayment comes back.
    const canceled = await call<Purchase>('DELETE', `/nft/purchase/${q2.body.id}`, second.headers);
    expect(canceled.body.status).toBe('CANCELED');
    expect(await wallet(second.headers)).toMatchObject({ withdrawable: '100', escrow: '0' });
    expect((await call<{ code: string }>('DELETE', `/nft/purchase/${q2.body.id}`, second.headers)).body.code).toBe(
      'PURCHASE_NOT_CANCELABLE',
    );

    // A new token is listed: it goes to the head of the queue by itself.
    const { ids } = (
      await call<{ ids: number[] }>('PUT', '/admin/supply', admin.headers, { level: 'SILVER', count: 1 })
    ).body;
    await settle();
    const served = (await call<Purchase>('GET', `/nft/purchase/${q1.body.id}`, first.headers)).body;
    expect(served).toMatchObject({ status: 'COMPLETED', nftId: ids[0] });
    expect((await chain.gateway.ownerOf(ids[0]!)).toLowerCase()).toBe(chain.gateway.addressOf(first.id).toLowerCase());
    expect(await wallet(first.headers)).toMatchObject({ balance: '0', escrow: '0' });
  });

  it('pays each parent of a minted token 40% of its price when it sells', async () => {
    const [mother, father, buyer] = [await userWithToken(), await userWithToken(), await userWithToken()];
    for (const parent of [mother, father]) await wallet(parent.headers);
    const hash = await chain.gateway.mintChild(
      0,
      chain.gateway.addressOf(mother.id),
      chain.gateway.addressOf(father.id),
    );
    const ctx: CryptoContext = {
      db: t.database.db,
      chain: chain.gateway,
      events: silentEvents,
      withdrawals: withdrawalsClosed,
      bnbPriceUsd: 600,
      wake() {},
    };
    const ids = await awaitCreated(ctx, hash);
    await recordCreatedTokens(ctx, { ids, type: 0, txHash: hash, parent1Id: mother.id, parent2Id: father.id });

    await deposit(buyer.headers, 100);
    const bought = await call<Purchase>(
      'POST',
      '/nft/buy',
      { ...buyer.headers, 'idempotency-key': 'buy-minted-01' },
      { level: 'SILVER', agreeTerms: true, nftId: ids[0] },
    );
    expect(bought.body).toMatchObject({ status: 'PROCESSING', nftId: ids[0], requestedNftId: ids[0] });
    await settle(chain.gateway.confirmations + 8);
    expect((await call<Purchase>('GET', `/nft/purchase/${bought.body.id}`, buyer.headers)).body.status).toBe(
      'COMPLETED',
    );
    for (const parent of [mother, father]) {
      expect((await wallet(parent.headers)).balance).toBe('40');
      const rewards = (await call<{ items: Transaction[] }>('GET', '/transaction?type=REWARD', parent.headers)).body
        .items;
      expect(rewards).toEqual([expect.objectContaining({ type: 'REWARD', status: 'CONFIRMED', amount: '40' })]);
    }
    expect((await wallet(buyer.headers)).nfts[0]).toMatchObject({
      parent1: { id: mother.id },
      parent2: { id: father.id },
    });
    expect((await call('GET', `/market/nft/${ids[0]}`, {})).status).toBe(404);
  });
});

describe('icon', () => {
  it('an admin grants an ICON on chain; it is never for sale and only once per user', async () => {
    const admin = await userWithToken('admin');
    const user = await userWithToken();
    const granted = await call<{ id: number }>('POST', '/admin/icon', admin.headers, { userId: user.id });
    expect(granted.status).toBe(200);
    expect((await chain.gateway.ownerOf(granted.body.id)).toLowerCase()).toBe(
      chain.gateway.addressOf(user.id).toLowerCase(),
    );
    expect(await chain.gateway.levelOf(granted.body.id)).toBe(3);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'nft.icon.grant'), eq(auditLog.targetId, String(user.id))));
    // Written with the journal entry of the grant's transaction, so it names that transaction.
    const [token] = await t.database.db.select().from(nfts).where(eq(nfts.id, granted.body.id));
    expect(audit).toMatchObject({ actorId: admin.id, actorRole: 'admin', after: { txHash: token!.createdTxHash } });
    expect((await wallet(user.headers)).nfts).toEqual([
      expect.objectContaining({ id: granted.body.id, level: 'ICON' }),
    ]);
    expect((await call<{ code: string }>('POST', '/admin/icon', admin.headers, { userId: user.id })).body.code).toBe(
      'LEVEL_ALREADY_OWNED',
    );
    expect((await call('GET', `/market/nft/${granted.body.id}`, {})).status).toBe(404);
    const buyIcon = await call<{ code: string }>(
      'POST',
      '/nft/buy',
      { ...user.headers, 'idempotency-key': 'buy-icon-0001' },
      { level: 'ICON', agreeTerms: true },
    );
    expect(buyIcon.body.code).toBe('VALIDATION_ERROR');
  });
});

describe('withdrawals', () => {
  it('asks for BNB when the fee cannot be paid, naming both numbers', async () => {
    const user = await userWithToken();
    await deposit(user.headers, 20);
    const res = await call<{ code: string; details: { balance: string; fee: string } }>(
      'POST',
      '/wallet/withdraw/',
      { ...user.headers, 'idempotency-key': 'w-no-fee-0001' },
      { currency: 'USDT', address: outside(), amount: '5', stepUp: KIT_STEP_UP },
    );
    expect(res).toMatchObject({ status: 409, body: { code: 'INSUFFICIENT_FEE', details: { balance: '0' } } });
    expect(Number(res.body.details.fee)).toBeGreaterThan(0);
    expect((await wallet(user.headers)).withdrawable).toBe('20');
  });

  it('refuses a bad address with the translated key and changes nothing', async () => {
    const user = await userWithToken();
    const res = await call<{ code: string; fields: { path: string; key: string }[] }>(
      'POST',
      '/wallet/withdraw/',
      { ...user.headers, 'idempotency-key': 'w-bad-addr-01' },
      { currency: 'USDT', address: '0x1234', amount: '5', stepUp: KIT_STEP_UP },
    );
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual([expect.objectContaining({ path: 'address', key: 'msg.incorrect-address' })]);
  });

  it('sends USDT to the outside address, once per Idempotency-Key', async () => {
    const user = await userWithToken();
    await deposit(user.headers, 80);
    await chain.setNative(chain.gateway.addressOf(user.id), parseEther('1'));
    const to = outside();
    const headers = { ...user.headers, 'idempotency-key': 'withdraw-once-1' };
    const first = await call<Transaction>('POST', '/wallet/withdraw/', headers, {
      currency: 'USDT',
      address: to,
      amount: '30',
      stepUp: KIT_STEP_UP,
    });
    const replay = await call<Transaction>('POST', '/wallet/withdraw/', headers, {
      currency: 'USDT',
      address: to,
      amount: '30',
      stepUp: KIT_STEP_UP,
    });
    expect(first.body).toMatchObject({ type: 'OUTPUT', status: 'REQUESTED', amount: '30' });
    expect(replay.body.id).toBe(first.body.id);
    const reused = await call<{ code: string }>('POST', '/wallet/withdraw/', headers, {
      currency: 'USDT',
      address: to,
      amount: '31',
      stepUp: KIT_STEP_UP,
    });
    expect(reused).toMatchObject({ status: 422, body: { code: 'IDEMPOTENCY_KEY_REUSED' } });
    expect(await wallet(user.headers)).toMatchObject({ balance: '80', withdrawable: '50', pendingWithdrawals: '30' });

    await settle();
    expect((await call<Transaction>('GET', `/transaction/${first.body.id}`, user.headers)).body).toMatchObject({
      status: 'CONFIRMED',
    });
    expect(await chain.gateway.usdtBalance(to)).toBe(usdt(30));
    expect(await wallet(user.headers)).toMatchObject({ balance: '50', withdrawable: '50', pendingWithdrawals: '0' });
  });

  it('a withdrawal the chain refuses ends FAIL and the money comes back', async () => {
    const user = await userWithToken();
    await deposit(user.headers, 40);
    const address = chain.gateway.addressOf(user.id);
    await chain.setNative(address, parseEther('1'));
    const requested = await call<Transaction>(
      'POST',
      '/wallet/withdraw/',
      { ...user.headers, 'idempotency-key': 'w-refused-001' },
      { currency: 'USDT', address: outside(), amount: '15', stepUp: KIT_STEP_UP },
    );
    expect(requested.status).toBe(200);
    // The gas money vanishes before the sender runs: the transfer cannot be sent.
    await chain.setNative(address, 0n);
    await settle(2);
    const failed = (await call<Transaction>('GET', `/transaction/${requested.body.id}`, user.headers)).body;
    expect(failed).toMatchObject({ status: 'FAIL', error: 'TRANSFER_NOT_SENT' });
    expect(await wallet(user.headers)).toMatchObject({ balance: '40', withdrawable: '40', pendingWithdrawals: '0' });
  });

  it('a purchase that keeps failing on chain ends FAILED with a refund', async () => {
    const admin = await userWithToken('admin');
    const { ids } = (
      await call<{ ids: number[] }>('PUT', '/admin/supply', admin.headers, { level: 'SILVER', count: 1 })
    ).body;
    const buyer = await userWithToken();
    await deposit(buyer.headers, 100);
    const bought = await call<Purchase>(
      'POST',
      '/nft/buy',
      { ...buyer.headers, 'idempotency-key': 'buy-doomed-01' },
      { level: 'SILVER', agreeTerms: true, nftId: ids[0] },
    );
    expect(bought.body).toMatchObject({ status: 'PROCESSING', nftId: ids[0] });
    // Someone outside the platform buys that token on chain first, so BUY_NFT can never succeed.
    const rival = await userWithToken();
    await wallet(rival.headers);
    const rivalAddress = chain.gateway.addressOf(rival.id);
    await chain.mintUsdt(rivalAddress, usdt(100));
    await chain.setNative(rivalAddress, parseEther('1'));
    await chain.waitForReceipt(await chain.gateway.approveMarket({ kind: 'user', userId: rival.id }, usdt(100)));
    await chain.waitForReceipt(await chain.gateway.buyToken({ kind: 'user', userId: rival.id }, ids[0]!));
    await settle(10);
    const failed = (await call<Purchase>('GET', `/nft/purchase/${bought.body.id}`, buyer.headers)).body;
    expect(failed).toMatchObject({ status: 'FAILED', error: 'TRANSACTION_FAILED' });
    expect(await wallet(buyer.headers)).toMatchObject({ balance: '100', withdrawable: '100', escrow: '0' });
    expect((await wallet(buyer.headers)).nfts).toEqual([]);
    // Sold outside the platform: it is not offered again.
    expect((await call('GET', `/market/nft/${ids[0]}`, {})).status).toBe(404);
  });

  it('50 concurrent withdrawals and purchases by one user never overspend', async () => {
    const user = await userWithToken();
    await deposit(user.headers, 150);
    await chain.setNative(chain.gateway.addressOf(user.id), parseEther('1'));
    const to = outside();
    const requests = Array.from({ length: 50 }, (_, i) =>
      i % 10 === 0
        ? call<{ status?: string; code?: string }>(
            'POST',
            '/nft/buy',
            { ...user.headers, 'idempotency-key': `race-buy-${i}-x` },
            { level: 'SILVER', agreeTerms: true },
          )
        : call<{ status?: string; code?: string }>(
            'POST',
            '/wallet/withdraw/',
            { ...user.headers, 'idempotency-key': `race-wd-${i}-xx` },
            { currency: 'USDT', address: to, amount: '10', stepUp: KIT_STEP_UP },
          ),
    );
    const results = await Promise.all(requests);
    const accepted = results.filter((r) => r.status === 200);
    const buys = accepted.filter((r) => (r.body as { level?: string }).level === 'SILVER');
    const spent = buys.length * 100 + (accepted.length - buys.length) * 10;
    expect(spent).toBe(150);
    expect(buys.length).toBeLessThanOrEqual(1);
    for (const r of results.filter((r) => r.status !== 200))
      expect(['INSUFFICIENT_FUNDS', 'ALREADY_QUEUED']).toContain(r.body.code);
    const after = await wallet(user.headers);
    expect(Number(after.balance)).toBe(150);
    expect(Number(after.withdrawable)).toBe(150 - spent);

    // The ledger balances to zero across every account.
    const rows = await t.database.db.select({ amount: ledgerEntries.amount }).from(ledgerEntries);
    expect(rows.reduce((sum, r) => sum + BigInt(r.amount), 0n)).toBe(0n);
    const mine = await t.database.db
      .select({ amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, user.id));
    expect(mine.reduce((sum, r) => sum + BigInt(r.amount), 0n)).toBe(usdt(150));
  });
});
