import type { JobQueue } from '../../jobs/job-queue';
import type { CryptoContext } from './context';
import { reconcile } from './reconciliation';

export const RECONCILE_JOB = 'chain.reconcile';

/**
 * Reconciliation as a durable job, once per interval across all processes: each slot of time has
 * one job (its dedupe key), and every run books the next slot, so a process that dies mid-run
 * leaves the job to be retried and the schedule to whoever starts next.
 */
export async function scheduleReconciliation(
  jobs: JobQueue,
  ctx: CryptoContext,
  intervalMinutes: number,
  log: { warn(obj: object, msg: string): void },
) {
  const intervalMs = intervalMinutes * 60_000;
  const book = async (slot: number) => {
    const startAfterSeconds = Math.max(1, Math.ceil((slot * intervalMs - Date.now()) / 1000));
    await jobs.send(RECONCILE_JOB, { slot }, { dedupeKey: `slot-${slot}`, startAfterSeconds });
  };
  await jobs.define<{ slot: number }>(
    RECONCILE_JOB,
    async ({ slot }) => {
      const { differences } = await reconcile(ctx);
      const open = differences.filter((d) => !d.repaired);
      if (open.length)
        log.warn(
          { differences: open.length, kinds: [...new Set(open.map((d) => d.kind))] },
          'reconciliation found differences',
        );
      await book(slot + 1);
    },
    { retryLimit: 3, retryDelaySeconds: 30, expireInSeconds: 1800 },
  );
  return { bookNext: () => book(Math.floor(Date.now() / intervalMs) + 1) };
}
