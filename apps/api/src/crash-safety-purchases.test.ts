import { parseEther } from 'viem';
import { describe, expect, it } from 'vitest';
import { crashSuite, onPostgres, SCENARIO_TIMEOUT, usdt } from '../test/crash/crash-suite';

/** Kill and restart (test/crash/crash-suite.ts): purchases and withdrawals. */
const suite = crashSuite('purchases');

describe('kill -9 and restart: purchases and withdrawals', () => {
  onPostgres(
    "after a purchase's gas top-up is sent: the purchase completes and the token is bought once",
    async () => {
      const report = await suite.crashAndRecover('purchase-gas', 'purchase.step.sent:1', async (addressOf) => {
        await suite.chain().mintUsdt(addressOf(1), usdt(150));
      });
      expect(report).toMatchObject({
        status: 'COMPLETED',
        dbOwner: 1,
        chainOwnerIsBuyer: true,
        minedBuys: 1,
        available: usdt(50).toString(),
      });
      expect(report.steps).toEqual(['GASING:CONFIRMED', 'APPROVE:CONFIRMED', 'BUY_NFT:CONFIRMED']);
    },
    SCENARIO_TIMEOUT,
  );

  it(
    "after a purchase's BUY_NFT is sent: the purchase completes, paid once",
    async () => {
      const report = await suite.crashAndRecover('purchase-buy', 'purchase.step.sent:3', async (addressOf) => {
        await suite.chain().mintUsdt(addressOf(1), usdt(150));
      });
      expect(report).toMatchObject({
        status: 'COMPLETED',
        dbOwner: 1,
        chainOwnerIsBuyer: true,
        minedBuys: 1,
        available: usdt(50).toString(),
      });
    },
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
