import type { Database } from '../db/client';

/**
 * One leader among any number of processes, for work that must have a single writer (the chain's
 * signers: two senders would race for nonces). On PostgreSQL the leader holds a session-level
 * advisory lock on a connection of its own; when its process dies the server drops the connection
 * and the lock, and another process takes over at its next try (every `retryMs`). PGlite serves one
 * process, which always leads.
 */
export interface Leadership {
  start(): void;
  stop(): Promise<void>;
  isLeader(): boolean;
}

const ignore = () => {};

export function createLeadership(opts: {
  database: Database;
  /** Any fixed number, the same in every process of this app. */
  key: number;
  retryMs?: number;
  onLead(): void | Promise<void>;
  onLose(): void | Promise<void>;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}): Leadership {
  const retryMs = opts.retryMs ?? 3_000;
  let leading = false;
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let client: Awaited<ReturnType<NonNullable<Database['connect']>>> | undefined;
  let pass: Promise<void> | undefined;

  async function lead() {
    leading = true;
    opts.log.info({ key: opts.key }, 'leading the single-writer workers');
    await opts.onLead();
  }

  async function lose() {
    if (!leading) return;
    leading = false;
    await opts.onLose();
  }

  async function tryOnce() {
    const connect = opts.database.connect;
    if (!connect) {
      if (!leading) await lead();
      return;
    }
    try {
      if (leading && client) {
        // Still connected means still holding the lock.
        await client.query('select 1');
        return;
      }
      if (!client) {
        client = await connect();
        // A dropped connection must not crash the process: the next check notices it.
        client.on('error', ignore);
      }
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [opts.key]);
      if (rows[0]?.locked) await lead();
      else release();
    } catch (error) {
      opts.log.error({ err: error }, 'leadership check failed');
      release(true);
      await lose();
    }
  }

  function release(destroy = false) {
    client?.off('error', ignore);
    client?.release(destroy);
    client = undefined;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      pass = tryOnce().finally(schedule);
    }, retryMs);
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      pass = tryOnce().finally(schedule);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await pass;
      await lose();
      await client?.query('select pg_advisory_unlock($1)', [opts.key]).catch(() => {});
      release();
    },
    isLeader: () => leading,
  };
}
