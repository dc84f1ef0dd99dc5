import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/event-bus';
import type { JobQueue } from '../../jobs/job-queue';
import type { Clock } from '../../lib/clock';
import type { AccountService } from '../user/account-service';
import { releaseDue, type LedgerPort } from './rewards';
import { referralRoutes } from './routes';
import { subscribeRewards } from './subscriptions';

export const REFERRAL_RELEASE_JOB = 'referral.release';

/**
 * The referral programme: links and hits, the tree fixed at registration, rewards from the domain
 * events held for REFERRAL_HOLD_HOURS and then paid by the treasury, the referral screen's calls
 * and the admins' side (flags, changing a referrer).
 */
export function createReferralModule(deps: {
  db: Db;
  accounts: AccountService;
  visitorSecret: string;
  clock: Clock;
  events: EventBus;
  jobs: JobQueue;
  /** The ledger's own functions (crypto/ledger.ts), handed in by the composition. */
  ledger: LedgerPort;
  config: Pick<
    Config,
    | 'REFERRAL_MEETING_REWARDS'
    | 'REFERRAL_PAID_MEETING_PERCENT'
    | 'REFERRAL_BUSINESS_PERCENT'
    | 'REFERRAL_HOLD_HOURS'
    | 'REFERRAL_RELEASE_INTERVAL_SECONDS'
  >;
}) {
  const { db, config, clock } = deps;
  subscribeRewards(deps.events, {
    ledger: deps.ledger,
    now: clock.now,
    rules: {
      meeting: config.REFERRAL_MEETING_REWARDS,
      paidMeetingPercent: config.REFERRAL_PAID_MEETING_PERCENT,
      businessPercent: config.REFERRAL_BUSINESS_PERCENT,
      holdHours: config.REFERRAL_HOLD_HOURS,
    },
  });
  const release = async () => {
    let total = 0;
    for (let n = await releaseDue(db, deps.ledger, new Date(clock.now())); n > 0;) {
      total += n;
      n = await releaseDue(db, deps.ledger, new Date(clock.now()));
    }
    return total;
  };

  /** The release sweep as a durable job, one per interval slot across all processes. */
  async function scheduleReleases() {
    const interval = config.REFERRAL_RELEASE_INTERVAL_SECONDS * 1000;
    const book = async (slot: number) => {
      const startAfterSeconds = Math.max(1, Math.ceil((slot * interval - Date.now()) / 1000));
      await deps.jobs.send(REFERRAL_RELEASE_JOB, { slot }, { dedupeKey: `slot-${slot}`, startAfterSeconds });
    };
    await deps.jobs.define<{ slot: number }>(
      REFERRAL_RELEASE_JOB,
      async ({ slot }) => {
        await release();
        await book(slot + 1);
      },
      { retryLimit: 5, retryDelaySeconds: 10, expireInSeconds: 600 },
    );
    await book(Math.floor(Date.now() / interval) + 1);
  }

  return {
    /** Register under /api/referral. */
    routes: referralRoutes,
    routeOptions: { db, accounts: deps.accounts, visitorSecret: deps.visitorSecret, now: clock.now },
    /** Releases every reward whose holding period ended (tests, and the job). */
    releaseDue: release,
    /** Once the job queue runs. */
    start: scheduleReleases,
  };
}
export type ReferralModule = ReturnType<typeof createReferralModule>;
