import type { JobQueue } from '../../jobs/job-queue';
import type { KycDeps } from './kyc-deps';
import { purgeExpiredKycPhotos } from './retention';

export const KYC_RETENTION_JOB = 'kyc.retention';
/** Hourly: retention is counted in days, and a deleted account's undecided photos should not wait long. */
const INTERVAL_MS = 3_600_000;

/**
 * The retention sweep as a durable job, once per hour across all processes: each hour has one job
 * (its dedupe key) and every run books the next, as the chain reconciliation does.
 */
export async function scheduleKycRetention(jobs: JobQueue, deps: KycDeps) {
  const book = async (slot: number) => {
    const startAfterSeconds = Math.max(1, Math.ceil((slot * INTERVAL_MS - Date.now()) / 1000));
    await jobs.send(KYC_RETENTION_JOB, { slot }, { dedupeKey: `slot-${slot}`, startAfterSeconds });
  };
  await jobs.define<{ slot: number }>(
    KYC_RETENTION_JOB,
    async ({ slot }) => {
      const purged = await purgeExpiredKycPhotos(deps);
      if (purged) deps.log.info({ purged }, 'KYC photos deleted after retention');
      await book(slot + 1);
    },
    { retryLimit: 5, retryDelaySeconds: 60, expireInSeconds: 1800 },
  );
  return { bookNext: () => book(Math.floor(Date.now() / INTERVAL_MS) + 1) };
}
