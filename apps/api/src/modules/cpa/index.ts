import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/event-bus';
import type { JobQueue } from '../../jobs/job-queue';
import { approveDue, subscribeConversions } from './conversions';
import { createLinksService } from './links-service';
import { subscribePayoutOutcomes } from './payouts';
import { createPostbackSender } from './postbacks';
import { cpaProgrammeRoutes } from './programme-routes';
import { cpaRoutes } from './routes';

export const CPA_APPROVE_JOB = 'cpa.approve';

/**
 * The partner programme (CPA): links and hits, attribution and conversions from the domain
 * events, the approval of conversions after their holding period, signed postbacks from the
 * outbox, payouts through the treasury, and the admins' side.
 */
export function createCpaModule(deps: {
  db: Db;
  events: EventBus;
  jobs: JobQueue;
  config: Pick<
    Config,
    | 'PUBLIC_URL'
    | 'WORKERS_ENABLED'
    | 'CPA_MIN_CLICK_SECONDS'
    | 'CPA_CLUSTER_MAX'
    | 'CPA_APPROVE_INTERVAL_SECONDS'
    | 'CPA_POSTBACK_ALLOW_HOSTS'
  >;
  /** The app's clock (movable in tests): when holding periods end. */
  now: () => number;
  visitorSecret: string;
  log: { error(obj: object, msg: string): void };
}) {
  const { db, config } = deps;
  subscribeConversions(deps.events, {
    minClickSeconds: config.CPA_MIN_CLICK_SECONDS,
    clusterMax: config.CPA_CLUSTER_MAX,
  });
  subscribePayoutOutcomes(deps.events);
  const postbacks = createPostbackSender({
    db,
    jobs: deps.jobs,
    allowAddresses: config.CPA_POSTBACK_ALLOW_HOSTS,
    relayEvery: config.WORKERS_ENABLED ? 1000 : undefined,
    log: deps.log,
  });
  const links = createLinksService({ db, publicUrl: config.PUBLIC_URL, now: deps.now });

  /** The approval sweep as a durable job, one per interval slot across all processes. */
  async function scheduleApprovals() {
    const interval = config.CPA_APPROVE_INTERVAL_SECONDS * 1000;
    const book = async (slot: number) => {
      const startAfterSeconds = Math.max(1, Math.ceil((slot * interval - Date.now()) / 1000));
      await deps.jobs.send(CPA_APPROVE_JOB, { slot }, { dedupeKey: `slot-${slot}`, startAfterSeconds });
    };
    await deps.jobs.define<{ slot: number }>(
      CPA_APPROVE_JOB,
      async ({ slot }) => {
        while ((await approveDue(db, new Date(deps.now()))) > 0);
        await book(slot + 1);
      },
      { retryLimit: 5, retryDelaySeconds: 10, expireInSeconds: 600 },
    );
    await book(Math.floor(Date.now() / interval) + 1);
  }

  return {
    routes: cpaRoutes,
    routeOptions: { db, links, visitorSecret: deps.visitorSecret, now: deps.now },
    programmeRoutes: cpaProgrammeRoutes,
    programmeRouteOptions: { db, now: deps.now },
    postbacks,
    /** Approves what is due now (tests, and the job). */
    approveDue: () => approveDue(db, new Date(deps.now())),
    /** Once the job queue runs. */
    async start() {
      await postbacks.start();
      await scheduleApprovals();
    },
    stop: async () => postbacks.stop(),
  };
}
export type CpaModule = ReturnType<typeof createCpaModule>;
