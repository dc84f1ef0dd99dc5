import type { ChainGateway } from '../../chain/gateway';
import type { Config } from '../../config';
import type { Database, Db } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import type { Realtime } from '../../realtime/socket-server';
import type { CryptoContext } from './context';
import { cryptoRealtime } from './realtime';
import { scheduleReconciliation } from './reconciliation-job';
import { cryptoRoutes } from './routes';
import { createCryptoWorkers } from './workers';
import { mailWithdrawals } from './withdrawal-mails';
import { subscribeTreasuryPayouts } from './treasury-payouts';
import { walletPayments } from './payments';
import type { CacheChannel } from '../../lib/cache-channel';
import { createWalletReads } from './wallet-reads';
import type { EventBus } from '../../events/event-bus';
import type { Mailer } from '../mail/mailer';

/**
 * The wallet and the market: the context its services share, its routes, the chain workers (run
 * by whoever leads) and the reconciliation job. Work of modules above it that the chain workers
 * must also drive (the mint's pending attempts) comes in through `extraPass`.
 */
export async function createCryptoModule(deps: {
  db: Db;
  chain: ChainGateway;
  realtime: Realtime;
  jobs: JobQueue;
  config: Pick<
    Config,
    | 'APP_ENV'
    | 'BNB_PRICE_USD'
    | 'CHAIN_POLL_INTERVAL_MS'
    | 'RECONCILE_INTERVAL_MINUTES'
    | 'WITHDRAW_NEW_ADDRESS_HOURS'
    | 'PUBLIC_URL'
  >;
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  extraPass?: () => Promise<void>;
  /**
   * GET /api/crypto/wallet's kept answers (decision 038): emptied by the database's notice of
   * committed row changes through the sessions module's channel (every process), kept at most ttlMs.
   */
  walletCache?: { ttlMs: number; channel?: CacheChannel; onRowsChanged?: Database['onRowsChanged'] };
  /** The step-up check (modules/security) and what the withdrawal mails need. */
  withdrawals: {
    verifyStepUp: CryptoContext['withdrawals']['verifyStepUp'];
    linkSecret: string;
    events: EventBus;
    mailer: Mailer;
  };
}) {
  let wake = () => {};
  const ctx: CryptoContext = {
    db: deps.db,
    chain: deps.chain,
    bnbPriceUsd: deps.config.BNB_PRICE_USD,
    wake: () => wake(),
    events: cryptoRealtime(deps.realtime),
    withdrawals: {
      verifyStepUp: deps.withdrawals.verifyStepUp,
      newAddressHours: deps.config.WITHDRAW_NEW_ADDRESS_HOURS,
      linkSecret: deps.withdrawals.linkSecret,
    },
  };
  mailWithdrawals({
    events: deps.withdrawals.events,
    mailer: deps.withdrawals.mailer,
    publicUrl: deps.config.PUBLIC_URL,
    linkSecret: deps.withdrawals.linkSecret,
  });
  const workers = createCryptoWorkers(ctx, deps.log, deps.config.CHAIN_POLL_INTERVAL_MS, deps.extraPass);
  wake = () => workers.wake();
  subscribeTreasuryPayouts(
    deps.withdrawals.events,
    () => workers.wake(),
    (userId) => deps.chain.addressOf(userId),
  );
  const wallets = createWalletReads({ ctx, ttlMs: 0, ...deps.walletCache });
  const reconciliation = await scheduleReconciliation(deps.jobs, ctx, deps.config.RECONCILE_INTERVAL_MINUTES, deps.log);
  return {
    ctx,
    workers,
    /** Paying from the wallet for modules above (a company's promotion). */
    payments: walletPayments(ctx),
    /** Register under /api/crypto. */
    routes: cryptoRoutes,
    // Test USDT is for trying the product out: never served in production, whatever the chain.
    routeOptions: { ctx, faucet: deps.config.APP_ENV !== 'production', wallets },
    /** The wallet screen's reads and their cache. */
    wallets,
    /** Books the next reconciliation (once the job queue runs). */
    start: () => reconciliation.bookNext(),
    stop: async () => {
      wallets.close();
      await workers.stop();
    },
  };
}
export type CryptoModule = Awaited<ReturnType<typeof createCryptoModule>>;
