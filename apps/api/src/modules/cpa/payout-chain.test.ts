import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Transaction } from '@app/shared/schemas/crypto';
import { createTestApp, type TestApp } from '../../../test/app';
import { startTestChain, type TestChain } from '../../../test/chain';
import { approvedPartner, call, conversionsOf, person, visitAndRegister } from '../../../test/kits/cpa';
import { until } from '../../../test/until';
import { cpaConversions, cpaPayouts, ledgerEntries, treasuryPayouts } from '../../db/schema';

/**
 * A partner's payout end to end on a real EVM: approved rewards -> one payout -> the treasury's
 * USDT transfer to the partner's custodial address -> a REWARD in their wallet, with the books
 * balanced and the payout marked paid, however often its events are delivered.
 */
let chain: TestChain;
let t: TestApp;
beforeAll(async () => {
  chain = await startTestChain();
  t = await createTestApp({ chain: chain.gateway, env: { RATE_LIMIT_AUTH_MAX: '10000', RATE_LIMIT_MAX: '100000' } });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await chain?.stop();
});

/** Relays events and runs the chain workers, mining a block before each pass, until `check` holds. */
const settleUntil = <T>(check: () => Promise<T>, what: string) =>
  until(
    async () => {
      await t.services.events.relay();
      await chain.mine(1);
      await t.services.cryptoWorkers!.runOnce();
      return check();
    },
    60_000,
    what,
  );

describe('partner payouts', () => {
  it('reach the wallet as one REWARD from the treasury, and the link shows them as paid', async () => {
    const admin = await person(t, 'admin');
    const { partner, link } = await approvedPartner(t, admin);
    for (let i = 0; i < 2; i++) {
      const visitor = await visitAndRegister(t, link.id, { clickedSecondsAgo: 120, profile: true });
      await conversionsOf(t, visitor.id, 1);
    }
    await t.database.db
      .update(cpaConversions)
      .set({ holdUntil: new Date(0) })
      .where(eq(cpaConversions.partnerId, partner.id));
    await t.services.cpa.approveDue();

    const requested = await call(t, 'POST', '/api/cpa/rewards', partner.token);
    expect(requested.json()).toMatchObject({ amount: '0.4', count: 2, status: 'requested' });

    const [payout] = await settleUntil(async () => {
      const rows = await t.database.db.select().from(cpaPayouts).where(eq(cpaPayouts.partnerId, partner.id));
      return rows[0]?.status === 'paid' ? rows : undefined;
    }, 'the payout paid');
    expect(payout!.settledAt).not.toBeNull();
    const [sent] = await t.database.db.select().from(treasuryPayouts).where(eq(treasuryPayouts.refId, payout!.id));
    expect(sent).toMatchObject({ purpose: 'cpa', status: 'SENT', amount: '400000000000000000' });

    const reward = await settleUntil(async () => {
      const history = (await call(t, 'GET', '/api/crypto/transaction', partner.token)).json() as {
        items: Transaction[];
      };
      return history.items.find((item) => item.type === 'REWARD' && item.status === 'CONFIRMED');
    }, 'the REWARD confirmed in the wallet');
    expect(reward).toMatchObject({ amount: '0.4', txHash: sent!.txHash });
    expect(reward.counterparty?.toLowerCase()).toBe(chain.gateway.treasuryAddress.toLowerCase());
    const wallet = (await call(t, 'GET', '/api/crypto/wallet', partner.token)).json();
    expect(wallet.balance).toBe('0.4');

    // One transfer, once: more passes and deliveries change nothing.
    for (let i = 0; i < 3; i++) {
      await t.services.events.relay();
      await chain.mine(1);
      await t.services.cryptoWorkers!.runOnce();
    }
    const rewards = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(treasuryPayouts)
      .where(eq(treasuryPayouts.userId, partner.id));
    expect(rewards[0]!.n).toBe(1);
    expect((await call(t, 'GET', '/api/crypto/wallet', partner.token)).json().balance).toBe('0.4');
    const [books] = await t.database.db
      .select({ sum: sql<string>`coalesce(sum(amount), 0)::text` })
      .from(ledgerEntries);
    expect(books!.sum).toBe('0');
    expect((await call(t, 'GET', '/api/cpa/links', partner.token)).json().links[0]).toMatchObject({
      profit: '0.4',
      paid: '0.4',
    });
    // Nothing approved is left to pay.
    expect((await call(t, 'POST', '/api/cpa/rewards', partner.token)).json().code).toBe('CPA_NOTHING_TO_PAY');
  }, 120_000);
});
