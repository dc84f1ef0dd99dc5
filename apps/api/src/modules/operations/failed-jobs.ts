import { sql } from 'drizzle-orm';
import type { FailedJob } from '@app/shared/schemas/operations';
import type { Db, Tx } from '../../db/client';
import { DEAD_LETTER_QUEUE } from '../../jobs/job-queue';
import { AppError } from '../../lib/app-error';
import { recordAudit, type AuditActor } from '../audit/record-audit';

/**
 * Jobs that failed for good. After a job's last try the queue leaves it `failed` in its own queue
 * and puts a copy (the same data, no link back) in the dead-letter queue, which nobody works: the
 * copies are the admins' list. Retry finds the original by its queue and data and sets it to run
 * once more exactly as the queue's own retry does, so a job keyed by a dedupe id keeps its id;
 * when the original was archived already, a fresh job with the same data runs instead. Both
 * actions and their audit rows commit in one transaction of the app's database (the queue lives
 * in it too).
 */

interface Envelope {
  queue: string;
  data: unknown;
}

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as Rows<T>).rows;

/** What the handler threw, as the queue stored it. */
function errorOf(output: unknown): string | null {
  if (output === null || output === undefined) return null;
  if (typeof output === 'string') return output;
  const message = (output as { message?: unknown }).message;
  return typeof message === 'string' ? message : JSON.stringify(output);
}

export async function listFailedJobs(db: Db, limit = 200): Promise<FailedJob[]> {
  const rows = await rowsOf<{ id: string; data: Envelope; output: unknown; created_on: string | Date }>(
    db.execute(
      sql`select id, data, output, created_on from pgboss.job where name = ${DEAD_LETTER_QUEUE} order by created_on desc limit ${limit}`,
    ),
  );
  return rows.map((row) => ({
    id: String(row.id),
    queue: row.data?.queue ?? '',
    data: row.data?.data ?? null,
    error: errorOf(row.output),
    failedAt: new Date(row.created_on).toISOString(),
  }));
}

/** Takes the dead letter out of the list; refuses one that is not (or no longer) there. */
async function takeDeadLetter(tx: Tx, id: string): Promise<Envelope> {
  const [row] = await rowsOf<{ data: Envelope }>(
    tx.execute(sql`delete from pgboss.job where name = ${DEAD_LETTER_QUEUE} and id = ${id}::uuid returning data`),
  );
  if (!row) throw new AppError('NOT_FOUND');
  return row.data;
}

/** Runs a failed job again; resolves the id of the job that will run. */
export async function retryFailedJob(
  db: Db,
  actor: AuditActor,
  id: string,
  reason: string | undefined,
): Promise<{ jobId: string; queue: string }> {
  return db.transaction(async (tx) => {
    const envelope = await takeDeadLetter(tx, id);
    const data = JSON.stringify(envelope);
    const [original] = await rowsOf<{ id: string }>(
      tx.execute(sql`
        update pgboss.job set state = 'retry', retry_limit = retry_limit + 1
        where name = ${envelope.queue} and id = (
          select id from pgboss.job
          where name = ${envelope.queue} and state = 'failed' and data = ${data}::jsonb
          order by completed_on desc limit 1
        )
        returning id`),
    );
    const [fresh] = original
      ? []
      : await rowsOf<{ id: string }>(
          tx.execute(sql`
            insert into pgboss.job (name, data, retry_limit, retry_delay, retry_backoff, expire_in, keep_until, dead_letter, policy)
            select q.name, ${data}::jsonb, coalesce(q.retry_limit, 2), coalesce(q.retry_delay, 0),
              coalesce(q.retry_backoff, false), make_interval(secs => coalesce(q.expire_seconds, 900)),
              now() + make_interval(mins => coalesce(q.retention_minutes, 20160)), q.dead_letter, q.policy
            from pgboss.queue q where q.name = ${envelope.queue}
            returning id`),
        );
    const jobId = String((original ?? fresh)?.id ?? '');
    // A dead letter of a queue this version no longer has: nothing could run it.
    if (!jobId) throw new AppError('NOT_FOUND');
    await recordAudit(tx, {
      ...actor,
      action: 'job.retry',
      targetType: 'job',
      targetId: jobId,
      before: { state: 'failed', queue: envelope.queue, deadLetterId: id },
      after: { state: 'retry', queue: envelope.queue, rerun: original ? 'same job' : 'new job' },
      reason: reason || null,
      details: { data: envelope.data },
    });
    return { jobId, queue: envelope.queue };
  });
}

/** Drops a dead letter from the list for good (the failed job itself stays in its queue's history). */
export async function discardFailedJob(
  db: Db,
  actor: AuditActor,
  id: string,
  reason: string | undefined,
): Promise<void> {
  await db.transaction(async (tx) => {
    const envelope = await takeDeadLetter(tx, id);
    await recordAudit(tx, {
      ...actor,
      action: 'job.discard',
      targetType: 'job',
      targetId: id,
      before: { state: 'failed', queue: envelope.queue },
      after: { state: 'discarded' },
      reason: reason || null,
      details: { data: envelope.data },
    });
  });
}
