import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createTestDatabase } from '../../test/database';
import { until } from '../../test/until';
import { createJobQueue, DEAD_LETTER_QUEUE, type JobQueue } from './job-queue';

const log = { error() {}, warn() {} };

describe('durable job queue', () => {
  const open: { queues: JobQueue[]; databases: Database[] } = { queues: [], databases: [] };
  afterEach(async () => {
    for (const queue of open.queues.splice(0)) await queue.stop();
    for (const database of open.databases.splice(0)) await database.close();
  });

  async function queueOn(database: Database, workers = true) {
    const queue = createJobQueue({ database, workers, pollSeconds: 0.5, log });
    open.queues.push(queue);
    return queue;
  }

  it('runs a job, retries a failing one with backoff and moves it to the dead letters after its last try', async () => {
    const database = await createTestDatabase();
    open.databases.push(database);
    const queue = await queueOn(database);
    const seen: { data: { n: number }; retry: number; at: number }[] = [];
    await queue.define<{ n: number }>(
      'flaky',
      async (data, job) => {
        seen.push({ data, retry: job.retryCount, at: Date.now() });
        if (data.n === 2) throw new Error('always fails');
      },
      { retryLimit: 2, retryDelaySeconds: 1 },
    );
    await queue.start();
    await queue.send('flaky', { n: 1 });
    await queue.send('flaky', { n: 2 });
    await until(async () => (await queue.deadLetters()).length === 1);
    expect(seen.filter((s) => s.data.n === 1)).toHaveLength(1);
    const failing = seen.filter((s) => s.data.n === 2);
    expect(failing.map((s) => s.retry)).toEqual([0, 1, 2]);
    // Backoff is pg-boss's (each wait doubles): the job was queued with it on, not timed here, since
    // the waits seen by a worker that polls depend on how busy the machine is.
    const { rows } = await database.executeSql(
      `select retry_backoff, retry_delay from pgboss.job where name = $1 and data->'data'->>'n' = '2'`,
      ['flaky'],
    );
    expect(rows[0]).toMatchObject({ retry_backoff: true, retry_delay: 1 });
    const [dead] = await queue.deadLetters();
    expect(dead).toMatchObject({ queue: 'flaky', data: { n: 2 } });
    expect(await queue.counts('flaky')).toMatchObject({ completed: 1, failed: 1 });
    expect((await queue.counts(DEAD_LETTER_QUEUE)).created).toBe(1);
  });

  it('keeps jobs across a restart: sent while no worker runs, done by the next process', async () => {
    const database = await createTestDatabase();
    open.databases.push(database);
    const sender = await queueOn(database, false);
    await sender.define('later', async () => {});
    await sender.start();
    for (let n = 0; n < 5; n++) await sender.send('later', { n });
    await sender.stop();

    const done: number[] = [];
    const worker = await queueOn(database);
    await worker.define<{ n: number }>('later', async ({ n }) => void done.push(n));
    await worker.start();
    await until(() => done.length === 5);
    expect(done.sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it('a dedupe key makes a second send of the same work a no-op', async () => {
    const database = await createTestDatabase();
    open.databases.push(database);
    const queue = await queueOn(database, false);
    await queue.define('once', async () => {});
    await queue.start();
    expect(await queue.send('once', {}, { dedupeKey: 'k' })).toBeTruthy();
    expect(await queue.send('once', {}, { dedupeKey: 'k' })).toBeNull();
    expect(await queue.send('once', {}, { dedupeKey: 'other' })).toBeTruthy();
    expect(await queue.counts('once')).toEqual({ created: 2 });
  });

  it('three workers on one database run each of 60 jobs exactly once', async () => {
    // Three queues with their own workers and timers, as three processes have; on PostgreSQL their
    // fetches run on separate connections of the pool and race for the same rows.
    const databases = [await createTestDatabase()];
    open.databases.push(databases[0]!);
    const runs = new Map<number, number>();
    const workers: JobQueue[] = [];
    for (let w = 0; w < 3; w++) {
      const queue = await queueOn(databases[0]!);
      await queue.define<{ n: number }>(
        'counted',
        async ({ n }) => {
          runs.set(n, (runs.get(n) ?? 0) + 1);
          await new Promise((r) => setTimeout(r, 5));
        },
        { concurrency: 2 },
      );
      workers.push(queue);
    }
    // On PostgreSQL they start at once, as processes that boot together: their queue creation races
    // (and must not deadlock). PGlite serves one process, whose queue starts once.
    if (process.env.DATABASE_URL) await Promise.all(workers.map((queue) => queue.start()));
    else for (const queue of workers) await queue.start();
    for (let n = 0; n < 60; n++) await workers[n % 3]!.send('counted', { n });
    await until(() => runs.size === 60);
    await new Promise((r) => setTimeout(r, 1500));
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect(await workers[0]!.counts('counted')).toEqual({ completed: 60 });
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'three processes booting together on a fresh database create their many queues without a deadlock',
    async () => {
      // As an API deployment boots: each process declares the same queues (the app has about thirty,
      // one per event subscriber) and starts at once. Created side by side, queues deadlock in
      // PostgreSQL (each one attaches a partition to pgboss.job), which ends one creation a second
      // later: more than the 10 s a process may take to get ready.
      const database = await createTestDatabase();
      open.databases.push(database);
      const deadlocks = async () => {
        const { rows } = await database.executeSql(
          'select deadlocks from pg_stat_database where datname = current_database()',
          [],
        );
        return Number(rows[0]!.deadlocks);
      };
      const names = Array.from({ length: 20 }, (_, i) => `boot.${i}`);
      const processes = await Promise.all([0, 1, 2].map(() => queueOn(database)));
      for (const queue of processes) {
        for (const name of names) await queue.define(name, async () => {});
      }
      const before = await deadlocks();
      await Promise.all(processes.map((queue) => queue.start()));
      expect(await deadlocks()).toBe(before);
      // Every queue exists once and takes work.
      const { rows } = await database.executeSql(`select name from pgboss.queue where name like 'boot.%'`, []);
      expect(rows.map((row) => row.name).sort()).toEqual([...names].sort());
      await processes[2]!.send('boot.19', {});
      await until(async () => (await processes[0]!.counts('boot.19')).completed === 1);
    },
  );
});
