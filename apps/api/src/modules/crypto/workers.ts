import { SALE_LEVELS, NFT_TYPE } from '@app/shared/constants';
import type { CryptoContext } from './context';
import { createDepositWatcher } from './deposit-watcher';
import { serveQueue, settleTokenSends } from './market-service';
import { createPurchaseProcessor } from './purchase-processor';
import { createWithdrawalSender } from './withdrawal-sender';
import { createTreasuryPayoutSender } from './treasury-payouts';

interface Log {
  error(obj: object, msg: string): void;
}

/**
 * The chain workers in one loop: credit deposits, serve the queues, advance purchases, send
 * withdrawals. One pass at a time; `wake()` asks for the next pass now instead of at the next poll.
 * They are the only signers, so one process runs them: the leader (lib/leadership.ts) of all the
 * processes with WORKERS_ENABLED. Every send is journaled before its broadcast (chain-journal.ts),
 * so a new leader finishes what a dead one started.
 */
export function createCryptoWorkers(
  ctx: CryptoContext,
  log: Log,
  pollMs: number,
  /** Mint attempts whose request ended early; built by the caller, as a mint needs the meetings. */
  settleMints?: () => Promise<void>,
) {
  const deposits = createDepositWatcher(ctx);
  const purchases = createPurchaseProcessor(ctx, log);
  const withdrawals = createWithdrawalSender(ctx, log);
  const payouts = createTreasuryPayoutSender(ctx, log);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = true;

  async function pass() {
    for (const [name, step] of [
      ['deposits', () => deposits.poll()],
      [
        'queues',
        async () => {
          for (const level of SALE_LEVELS) await serveQueue(ctx, NFT_TYPE[level]);
        },
      ],
      ['purchases', () => purchases.run()],
      ['withdrawals', () => withdrawals.run()],
      ['payouts', () => payouts.run()],
      ['mints', () => settleMints?.() ?? Promise.resolve()],
      ['token sends', () => settleTokenSends(ctx)],
    ] as const) {
      try {
        await step();
      } catch (error) {
        log.error({ err: error, worker: name }, 'chain worker pass failed');
      }
    }
  }

  /** One full pass; concurrent calls share it, and a call during a pass schedules one more. */
  function runOnce(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = pass().finally(() => {
      running = undefined;
      if (again) {
        again = false;
        void runOnce();
      }
    });
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => void runOnce().finally(schedule), pollMs);
  }

  return {
    deposits,
    runOnce,
    wake() {
      if (!stopped) void runOnce();
    },
    start() {
      if (!stopped) return;
      stopped = false;
      void runOnce().finally(schedule);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
export type CryptoWorkers = ReturnType<typeof createCryptoWorkers>;
