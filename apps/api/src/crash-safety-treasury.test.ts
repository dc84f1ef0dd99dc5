import { describe, expect, it } from 'vitest';
import { crashSuite, onPostgres, SCENARIO_TIMEOUT, usdt } from '../test/crash/crash-suite';

/** Kill and restart (test/crash/crash-suite.ts): mints, supply, deposits and partner payouts. */
const suite = crashSuite('treasury');

describe('kill -9 and restart: mints, supply, deposits and partner payouts', () => {
  onPostgres(
    'after mintChild is sent: the attempt ends in success with the child listed, minted once',
    async () => {
      const report = await suite.crashAndRecover('mint', 'mint.sent');
      expect(report).toMatchObject({
        outcome: 'success',
        child: { status: 'LISTED', parents: [1, 2] },
        chainHolderIsMarket: true,
        mintSends: 1,
      });
    },
    SCENARIO_TIMEOUT,
  );

  onPostgres(
    'after a supply transaction is sent: its tokens are listed, once',
    async () => {
      const report = await suite.crashAndRecover('supply', 'supply.sent');
      expect(report).toMatchObject({ listed: 2, onChainWithMarket: true, supplySends: 1 });
    },
    SCENARIO_TIMEOUT,
  );

  it(
    'in the middle of a deposit scan: every deposit is credited exactly once',
    async () => {
      const report = await suite.crashAndRecover('deposit-scan', 'deposit.credited:2', async (addressOf) => {
        for (const amount of [10, 20, 30]) await suite.chain().mintUsdt(addressOf(1), usdt(amount));
      });
      expect(report).toMatchObject({ deposits: 3, available: usdt(60).toString() });
    },
    SCENARIO_TIMEOUT,
  );

  onPostgres(
    "after a partner payout's treasury transfer is sent: the partner is paid once, as one REWARD",
    async () => {
      const report = await suite.crashAndRecover('partner-payout', 'payout.sent');
      const paid = (usdt(52) / 10n).toString();
      expect(report).toMatchObject({
        payout: 'paid',
        rewards: [`CONFIRMED:${paid}`],
        onChain: paid,
        available: paid,
        payoutSends: 1,
      });
    },
    SCENARIO_TIMEOUT,
  );
});
