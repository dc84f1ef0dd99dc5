import crypto from 'node:crypto';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';

/**
 * The durable job queue: pg-boss on the app's own database (PGlite or PostgreSQL, decision 019).
 * A job survives restarts, runs once across any number of processes (SKIP LOCKED), is retried with
 * exponential backoff, and after its last failure lands in the dead-letter queue for admins.
 */

export const DEAD_LETTER_QUEUE = 'dead-letter';

export interface JobOptions {
  /** Attempts after the first failure (default 5). */
  retryLimit?: number;
  /** Seconds before the first retry; doubled each time (default 2). */
  retryDelaySeconds?: number;
  /** A running job that takes longer is failed and retried (default 5 minutes). */
  expireInSeconds?: number;
  /** Jobs of this name that one process runs side by side (default 1). */
  concurrency?: number;
}

export interface SendOptions {
  /** The job's identity: a second send with the same key is a no-op while the first job is kept. */
  dedupeKey?: string;
  startAfterSeconds?: number;
}

export interface JobContext {
  id: string;
  /** 0 on the first attempt. */
  retryCount: number;
}

export type JobHandler<T> = (data: T, job: JobContext) => Promise<void>;

interface Envelope<T> {
  queue: string;
  data: T;
}

/** A UUID derived from a key (the queue keys jobs by id, so the same key inserts once). */
function uuidOf(key: string): string {
  const hex = crypto.createHash('sha256').update(key).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The advisory-lock key under which processes create queues one at a time (727_431_001 is the
 * migrations', 727_431_002 the chain leader's).
 */
const QUEUE_CREATION_LOCK_KEY = 727_431_003;

/**
 * Creating a queue inserts its row and then its partition; two processes starting at once can
 * deadlock there (40P01) or both insert (23505). The loser tries again and finds the queue made.
 * Processes take turns (oneAtATime below), but one of an earlier release, during a rolling deploy,
 * does not.
 */
async function retryOnRace<T>(create: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await create();
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= attempts || (code !== '40P01' && code !== '23505')) throw error;
      await new Promise((r) => setTimeout(r, 50 * attempt + Math.random() * 100));
    }
  }
}

export interface JobQueue {
  /** Declares a job and, unless this process runs no workers, starts working on it. */
  define<T>(name: string, handler: JobHandler<T>, options?: JobOptions): Promise<void>;
  send<T>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  /** Jobs that failed for good, newest first (the admin area shows them). */
  deadLetters(limit?: number): Promise<{ id: string; queue: string; data: unknown; failedAt: Date }[]>;
  /** Jobs by state for one queue (tests and the monitor count them). */
  counts(name: string): Promise<Record<string, number>>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface JobQueueOptions {
  database: Database;
  /** Work on jobs in this process (WORKERS_ENABLED); sending works either way. */
  workers: boolean;
  pollSeconds?: number;
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

export function createJobQueue(options: JobQueueOptions): JobQueue {
  /** Set once stop() is over: the database may close any moment after, while a job cut off by the stop may still finish. */
  let released = false;
  const boss = new PgBoss({
    db: {
      // A job that outlived the stop's wait reports its end after the pool is gone: that write never
      // happens (the job stays active, expires and runs again) instead of failing on a closed pool.
      executeSql: (text, values) =>
        released ? new Promise<never>(() => {}) : options.database.executeSql(text, values),
    },
    schema: 'pgboss',
    // The archive and monitor timers run in every process; the maintenance lock keeps them single.
    supervise: true,
    schedule: false,
  });
  boss.on('error', (error) => options.log.error({ err: error }, 'job queue'));
  const pollSeconds = options.pollSeconds ?? 1;
  const handlers = new Map<string, { handler: JobHandler<unknown>; options: JobOptions }>();
  const workerIds = new Map<string, string[]>();
  let started = false;
  let stopped = false;
  /** The queues known to exist: read once at start, so a process never re-creates one. */
  const existing = new Set<string>();

  async function work(name: string) {
    const entry = handlers.get(name)!;
    const ids: string[] = [];
    for (let i = 0; i < (entry.options.concurrency ?? 1); i++) {
      let workerId = '';
      workerId = await boss.work<Envelope<unknown>>(
        name,
        { batchSize: 1, pollingIntervalSeconds: pollSeconds, includeMetadata: true },
        async ([job]) => {
          if (!job) return;
          try {
            await entry.handler(job.data.data, { id: job.id, retryCount: job.retryCount });
          } finally {
            // pg-boss waits a whole polling interval after every fetch, even one that found work:
            // a worker that just ran a job looks for the next one at once (a backlog drains at the
            // speed of its jobs, not one job per interval); an empty fetch still waits.
            boss.notifyWorker(workerId);
          }
        },
      );
      ids.push(workerId);
    }
    workerIds.set(name, ids);
  }

  /**
   * Queues are created by one process at a time. Creating one inserts its row and attaches a
   * partition to pgboss.job; two processes creating queues at once lock the two in opposite orders,
   * and PostgreSQL ends one of them as a deadlock after a second: a fresh deployment's three processes
   * spent more than the 10 s an onReady hook may take on it, and none started. Inside the lock a
   * process first reads which queues another one made meanwhile. PGlite serves one process.
   */
  async function oneAtATime(create: () => Promise<void>): Promise<void> {
    const connect = options.database.connect;
    if (!connect) return create();
    const client = await connect();
    let broken = false;
    try {
      await client.query('select pg_advisory_lock($1)', [QUEUE_CREATION_LOCK_KEY]);
      try {
        for (const queue of await boss.getQueues()) existing.add(queue.name);
        await create();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [QUEUE_CREATION_LOCK_KEY]).catch(() => (broken = true));
      }
    } finally {
      // A connection whose unlock failed may still hold the lock: it is closed, not pooled.
      client.release(broken);
    }
  }

  async function createQueue(name: string, jobOptions: JobOptions) {
    if (existing.has(name)) return;
    await retryOnRace(() =>
      boss.createQueue(name, {
        name,
        retryLimit: jobOptions.retryLimit ?? 5,
        retryDelay: jobOptions.retryDelaySeconds ?? 2,
        retryBackoff: true,
        expireInSeconds: jobOptions.expireInSeconds ?? 300,
        deadLetter: DEAD_LETTER_QUEUE,
      }),
    );
    existing.add(name);
  }

  return {
    async define(name, handler, jobOptions = {}) {
      handlers.set(name, { handler: handler as JobHandler<unknown>, options: jobOptions });
      if (!started) return;
      if (!existing.has(name)) await oneAtATime(() => createQueue(name, jobOptions));
      if (options.workers) await work(name);
    },

    async send(name, data, sendOptions = {}) {
      const id = await boss.send(name, { queue: name, data } satisfies Envelope<unknown>, {
        ...(sendOptions.dedupeKey && { id: uuidOf(`${name}:${sendOptions.dedupeKey}`) }),
        ...(sendOptions.startAfterSeconds && { startAfter: sendOptions.startAfterSeconds }),
      });
      // Ask this process's worker to fetch now rather than at its next poll.
      if (!sendOptions.startAfterSeconds) for (const workerId of workerIds.get(name) ?? []) boss.notifyWorker(workerId);
      return id;
    },

    async deadLetters(limit = 100) {
      const { rows } = await options.database.executeSql(
        `select id, data, created_on from pgboss.job where name = $1 order by created_on desc limit $2`,
        [DEAD_LETTER_QUEUE, limit],
      );
      return rows.map((row) => {
        const envelope = row.data as Envelope<unknown>;
        return {
          id: String(row.id),
          queue: envelope.queue,
          data: envelope.data,
          failedAt: new Date(row.created_on as string),
        };
      });
    },

    async counts(name) {
      const { rows } = await options.database.executeSql(
        `select state, count(*)::int as n from pgboss.job where name = $1 group by state`,
        [name],
      );
      return Object.fromEntries(rows.map((row) => [String(row.state), Number(row.n)]));
    },

    async start() {
      if (started || stopped) return;
      await boss.start();
      started = true;
      // Every queue before any worker polls: attaching a partition to pgboss.job waits for the
      // queries on it. Queues that exist are not created again.
      await oneAtATime(async () => {
        if (!existing.has(DEAD_LETTER_QUEUE)) {
          await retryOnRace(() => boss.createQueue(DEAD_LETTER_QUEUE, { name: DEAD_LETTER_QUEUE, retentionDays: 30 }));
          existing.add(DEAD_LETTER_QUEUE);
        }
        for (const [name, entry] of handlers) await createQueue(name, entry.options);
      });
      if (options.workers) for (const name of handlers.keys()) await work(name);
    },

    async stop() {
      if (stopped) return;
      stopped = true;
      if (!started) return;
      // Lets running jobs finish for up to 5 s, half of SHUTDOWN_TIMEOUT_MS's default, so the rest of
      // the close still fits before the process is killed; what is cut off is retried after its expiry.
      await boss.stop({ graceful: true, wait: true, timeout: 5_000, close: false });
      released = true;
    },
  };
}
