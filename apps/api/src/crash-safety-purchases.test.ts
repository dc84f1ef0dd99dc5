import { parseEther } from 'viem';
import { describe, expect, it } from 'vitest';
import { crashSuite, onPostgres, SCENARIO_TIMEOUT, usdt } from '../test/crash/crash-suite';

/** Kill and restart (test/crash/crash-suite.ts): purchases and withdrawals. */
const suite = crashSuite('purchases');

describe('kill -9 and restart: purchases and withdrawals', () => {
  /** A buyer with 150 USDT buys Silver and the process dies after the purchase's step `step` is sent. */
  async function purchaseCrashedAfterStep(scenario: string, step: number) {
    const report = await suite.crashAndRecover(scenario, `purchase.step.sent:${step}`, async (addressOf) => {
      await suite.chain().mintUsdt(addressOf(1), usdt(150));
    });
    // Completed, the token bought and paid for once.
    expect(report).toMatchObject({
      status: 'COMPLETED',
      dbOwner: 1,
      chainOwnerIsBuyer: true,
      minedBuys: 1,
      available: usdt(50).toString(),
    });
    return report;
  }

  onPostgres(
    "after a purchase's gas top-up is sent: the purchase completes and the token is bought once",
    async () => {
      const report = await purchaseCrashedAfterStep('purchase-gas', 1);
      expect(report.steps).toEqual(['GASING:CONFIRMED', 'APPROVE:CONFIRMED', 'BUY_NFT:CONFIRMED']);
    },
    SCENARIO_TIMEOUT,
  );

  it(
    "after a purchase's BUY_NFT is sent: the purchase completes, paid once",
    () => purchaseCrashedAfterStep('purchase-buy', 3),
    SCENARIO_TIMEOUT,
  );

  onPostgres(
    'after a withdrawal is sent: it is confirmed, and the receiver got the money exactly once',
    async () => {
      const report = await suite.crashAndRecover('withdrawal', 'withdrawal.sent', async (addressOf) => {
        await suite.chain().mintUsdt(addressOf(1), usdt(50));
        await suite.chain().setNative(addressOf(1), parseEther('1'));
      });
      expect(report).toMatchObject({
        status: 'CONFIRMED',
        received: usdt(20).toString(),
        available: usdt(30).toString(),
      });
    },
    SCENARIO_TIMEOUT,
  );
});
