import crypto from 'node:crypto';
import type { Redis } from 'ioredis';
import { mergeChanges, type CacheChange, type PeopleCache } from './people-cache';

/** How long a change waits for the other processes to say they dropped the rows. */
const ACK_TIMEOUT_MS = 2_000;

interface Message extends CacheChange {
  id: string;
  /** The ack channel of the process that made the change. */
  reply: string;
}

export interface CacheChannel {
  /**
   * Drops what a committed change names from this process's caches at once and, with Redis, from
   * every other process's; resolves when each of them has (or after ACK_TIMEOUT_MS, logged).
   */
  forget(change: CacheChange): Promise<void>;
  /**
   * A module's cache joins, before `start`: it drops what a change names, is suspended while the
   * subscription is down, and a change waits for it on every process.
   */
  add(cache: PeopleCache): void;
  /** Subscribes (with Redis); until then, and whenever the subscription is down, nothing is cached. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The platform's one channel that empties the per-process caches of every module (sessions and
 * /me rows, decision 033; wallet answers, 038; the meetings' peer checks and views, 037) across API
 * processes: a change is published on `caches:<scope>`, where every process with a cache listens;
 * each drops the rows and answers on the publisher's own ack channel, and the publisher waits for
 * as many answers as PUBLISH counted listeners, so once a logout, block or role change has
 * answered, no process serves the old row.
 * The changes of one tick go out as one message: a commit that touches users tells the /me rows,
 * the wallets and the meetings' caches with one publish and one round of acks.
 * A process whose subscription drops keeps nothing cached until it is back: a change it could have
 * missed meanwhile finds nothing to drop. Without Redis (one process) only the local caches count.
 * No caches: a process that only publishes (the `user:role` script).
 */
export function createCacheChannel(deps: {
  /** The command connection (PUBLISH); the subscriber is a duplicate of it, owned here. */
  redis?: Redis;
  /** Names the channel: the processes of one deployment share it (the database's identity). */
  scope: string;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}): CacheChannel {
  const { redis } = deps;
  const caches: PeopleCache[] = [];
  const listens = () => caches.some((cache) => cache.enabled);
  const channel = `caches:${deps.scope}`;
  const reply = `${channel}:ack:${crypto.randomUUID()}`;
  const waiting = new Map<string, { needed: number; got: number; done: () => void }>();
  /** The changes of this tick, published together once it ends. */
  let batch: { changes: CacheChange[]; sent: Promise<void> } | undefined;
  let sub: Redis | undefined;
  let closed = false;

  function onMessage(from: string, text: string) {
    if (from === reply) {
      const wait = waiting.get(text);
      if (wait && ++wait.got >= wait.needed) wait.done();
      return;
    }
    if (from !== channel || !listens()) return;
    let message: Message;
    try {
      message = JSON.parse(text) as Message;
    } catch {
      return;
    }
    for (const cache of caches) cache.forget(message);
    void redis?.publish(message.reply, message.id).catch(() => undefined);
  }

  async function subscribe() {
    await sub!.subscribe(...(listens() ? [channel, reply] : [reply]));
    for (const cache of caches) cache.resume();
  }

  async function publish(change: CacheChange): Promise<void> {
    if (!redis || closed) return;
    const message: Message = { ...change, id: crypto.randomUUID(), reply };
    let resolve!: () => void;
    const acked = new Promise<void>((r) => (resolve = r));
    const wait = { needed: Infinity, got: 0, done: resolve };
    waiting.set(message.id, wait);
    const timer = setTimeout(() => {
      deps.log.error(
        { listeners: wait.needed, answered: wait.got, change },
        'cache channel: not every API process confirmed dropping changed rows; they expire from it within SESSION_CACHE_SECONDS',
      );
      resolve();
    }, ACK_TIMEOUT_MS);
    try {
      wait.needed = await redis.publish(channel, JSON.stringify(message));
      if (wait.got >= wait.needed) resolve();
      await acked;
    } catch (error) {
      deps.log.error({ err: error, change }, 'cache channel: could not tell the other API processes of a change');
    } finally {
      clearTimeout(timer);
      waiting.delete(message.id);
    }
  }

  return {
    forget(change) {
      for (const cache of caches) cache.forget(change);
      if (!redis || closed) return Promise.resolve();
      if (!batch) {
        const next: { changes: CacheChange[]; sent: Promise<void> } = { changes: [], sent: Promise.resolve() };
        // A microtask: the row listeners of one commit are all called before it runs.
        next.sent = Promise.resolve().then(() => {
          batch = undefined;
          return publish(mergeChanges(next.changes));
        });
        batch = next;
      }
      batch.changes.push(change);
      return batch.sent;
    },

    add(cache) {
      if (sub) throw new Error('cache channel: add caches before start');
      caches.push(cache);
    },

    async start() {
      if (!redis) return;
      // Nothing is cached until this process hears the others' changes.
      for (const cache of caches) cache.suspend();
      // Named, so an operator (and a test) can tell it in CLIENT LIST.
      sub = redis.duplicate({ connectionName: channel });
      sub.on('message', onMessage);
      // An error event without a listener would crash the process; 'close' suspends the caches.
      sub.on('error', () => undefined);
      await subscribe();
      sub.on('close', () => caches.forEach((cache) => cache.suspend()));
      sub.on('ready', () => {
        if (!closed) subscribe().catch((error) => deps.log.warn({ err: error }, 'cache channel: resubscribe failed'));
      });
    },

    async close() {
      closed = true;
      for (const wait of waiting.values()) wait.done();
      await sub?.quit().catch(() => undefined);
    },
  };
}
