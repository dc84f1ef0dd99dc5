import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEther, type Address } from 'viem';
import { NFT_TYPE } from '@app/shared/constants';
import type { Purchase } from '@app/shared/schemas/crypto';
import { createTestApp, type TestApp } from '../../../test/app';
import { startTestChain, type TestChain } from '../../../test/chain';
import { call as kycCall, insertStaff, submitKyc } from '../../../test/kits/kyc';
import { walletKit } from '../../../test/kits/wallet';
import { maxBuyableType } from '../kyc/kyc-gate';

/**
 * A Gold purchase waits in the queue; the buyer's KYC is revoked before a token arrives. When the
 * queue is served the entry is refused with KYC_REQUIRED and refunded, and the token goes to the
 * next buyer in line, whose approval still holds.
 */
let chain: TestChain;
let t: TestApp;
const { userWithToken, call, wallet, settle } = walletKit(() => ({ t, chain }));

beforeAll(async () => {
  chain = await startTestChain();
  t = await createTestApp({ chain: chain.gateway, env: { RATE_LIMIT_AUTH_MAX: '10000', RATE_LIMIT_MAX: '100000' } });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await chain?.stop();
});

async function deposit(headers: Record<string, string>, amount: number) {
  const { address } = await wallet(headers);
  await chain.mintUsdt(address as Address, parseEther(String(amount)));
  await settle(chain.gateway.confirmations + 2);
}

describe('the KYC gate when a queue entry is served', () => {
  it('refuses and refunds an entry whose approval was revoked while it waited; the next in line gets the token', async () => {
    const [admin, moderator, secondStaff] = [
      await userWithToken('admin'),
      await insertStaff(t, 'moderator', 'GOLD'),
      await insertStaff(t, 'moderator', 'GOLD'),
    ];
    const [revoked, kept] = [await userWithToken(), await userWithToken()];
    for (const [n, buyer] of [revoked, kept].entries()) {
      const app = await submitKyc(t, buyer.id, 40 + n);
      const approved = await kycCall(t, moderator.id, 'PATCH', `/api/kyc/moderate/${app.id}`, {
        status: 'approved',
        maxNftType: 'GOLD',
        version: app.version,
      });
      expect(approved.json().status).toBe('approved');
      await deposit(buyer.headers, 1000);
    }

    const buy = (buyer: typeof revoked, key: string) =>
      call<Purchase>(
        'POST',
        '/nft/buy',
        { ...buyer.headers, 'idempotency-key': key },
        { level: 'GOLD', agreeTerms: true },
      );
    const first = await buy(revoked, 'kyc-queue-first');
    const second = await buy(kept, 'kyc-queue-second');
    expect(first.body).toMatchObject({ status: 'QUEUED', queuePosition: 1 });
    expect(second.body).toMatchObject({ status: 'QUEUED', queuePosition: 2 });

    // The revocation takes effect once a second staff member confirms it.
    const mine = (await kycCall(t, revoked.id, 'GET', '/api/kyc/application')).json();
    const proposed = await kycCall(t, moderator.id, 'PATCH', `/api/kyc/moderate/${mine.id}`, {
      status: 'rejected',
      reasonCode: 'suspected_fraud',
      moderatorComment: 'The document was reported stolen',
      version: mine.version,
    });
    expect(proposed.json().awaitingConfirmation).toBe(true);
    const confirmed = await kycCall(t, secondStaff.id, 'POST', `/api/kyc/moderate/${mine.id}/confirm`, {
      confirm: true,
      version: proposed.json().version,
    });
    expect(confirmed.json()).toMatchObject({ status: 'rejected', maxNftType: null });
    expect(await maxBuyableType(t.database.db, revoked.id)).toBe(NFT_TYPE.SILVER);

    const { ids } = (await call<{ ids: number[] }>('PUT', '/admin/supply', admin.headers, { level: 'GOLD', count: 1 }))
      .body;
    await settle();

    const refused = (await call<Purchase>('GET', `/nft/purchase/${first.body.id}`, revoked.headers)).body;
    expect(refused).toMatchObject({ status: 'FAILED', error: 'KYC_REQUIRED', nftId: null });
    expect(await wallet(revoked.headers)).toMatchObject({ balance: '1000', withdrawable: '1000', escrow: '0' });

    const served = (await call<Purchase>('GET', `/nft/purchase/${second.body.id}`, kept.headers)).body;
    expect(served).toMatchObject({ status: 'COMPLETED', nftId: ids[0] });
    expect(await wallet(kept.headers)).toMatchObject({ balance: '0', escrow: '0' });
  }, 180_000);
});
