import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import {
  domainEventSchemas,
  type DomainEvent,
  type DomainEventPayload,
  type DomainEventType,
} from '@app/shared/domain-events';
import type { Db, Tx } from '../db/client';
import { domainEvents, eventDeliveries } from '../db/schema';
import type { JobOptions, JobQueue } from '../jobs/job-queue';

/**
 * Domain events: a module publishes a fact inside the transaction that made it true (the outbox
 * row commits or rolls back with the change); every subscriber gets it through its own durable
 * job, at least once. A handler runs in a transaction with a delivery row keyed on (event,
 * handler), so its database writes take effect exactly once however often the job runs.
 */

/**
 * A handler gets the delivery's transaction: what it writes there commits with the delivery row.
 * It must not wait on other connections inside it (PGlite has only one): work outside the database
 * (a socket push, a job for later) goes to `afterCommit`, which runs once the delivery committed.
 */
export type EventHandler<T extends DomainEventType> = (
  event: DomainEvent<T>,
  tx: Tx,
  afterCommit: (effect: () => Promise<void> | void) => void,
) => Promise<void>;

/** Writes the event to the outbox; call it with the transaction of the change it reports. */
export async function publish<T extends DomainEventType>(
  db: Db | Tx,
  type: T,
  payload: DomainEventPayload<T>,
): Promise<string> {
  const parsed = domainEventSchemas[type].parse(payload);
  const [row] = await db.insert(domainEvents).values({ type, payload: parsed }).returning({ id: domainEvents.id });
  // Its transaction may commit a moment later: the relay looks on the next few ticks.
  relaySoon = 3;
  return row!.id;
}

/**
 * Set when this process published: its relay looks at the outbox on its next ticks. Otherwise it
 * looks only every IDLE_TICKS ticks, for events of other processes and of a process that died.
 */
let relaySoon = 0;
const IDLE_TICKS = 10;

/** How long a relay holds the events it took before another process may take them over. */
const CLAIM_SECONDS = 30;
const RELAY_BATCH = 100;
const jobName = (handler: string) => `event.${handler}`;

export interface EventBus {
  /** `name` is the handler's stable id: it keys the delivery rows, so renaming it re-delivers. */
  subscribe<T extends DomainEventType>(type: T, name: string, handler: EventHandler<T>, options?: JobOptions): void;
  /** Hands every waiting event to its subscribers' jobs; returns how many events it dispatched. */
  relay(): Promise<number>;
  /**
   * Declares each subscriber's job with the queue. Before the queue starts, so it creates every
   * queue before any worker polls (jobs/job-queue.ts); start() does it when it has not been done.
   */
  declareJobs(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createEventBus(deps: {
  db: Db;
  jobs: JobQueue;
  /** Relay from this process (WORKERS_ENABLED); publishing works either way. */
  relayEvery?: number;
  log: { error(obj: object, msg: string): void };
}): EventBus {
  const subscribers = new Map<DomainEventType, string[]>();
  const handlers = new Map<
    string,
    { type: DomainEventType; handler: EventHandler<DomainEventType>; options?: JobOptions }
  >();
  let timer: NodeJS.Timeout | undefined;
  let relaying: Promise<number> | undefined;
  const declared = new Set<string>();

  async function deliver(name: string, eventId: string) {
    const entry = handlers.get(name)!;
    const effects: (() => Promise<void> | void)[] = [];
    await deps.db.transaction(async (tx) => {
      const [row] = await tx.select().from(domainEvents).where(eq(domainEvents.id, eventId));
      if (!row) return;
      const [fresh] = await tx
        .insert(eventDeliveries)
        .values({ eventId, handler: name })
        .onConflictDoNothing()
        .returning();
      if (!fresh) return;
      const event = {
        id: row.id,
        type: row.type as DomainEventType,
        payload: domainEventSchemas[row.type as DomainEventType].parse(row.payload),
        occurredAt: row.occurredAt,
      } as DomainEvent;
      await entry.handler(event, tx, (effect) => effects.push(effect));
    });
    // A crash here loses only these effects, which are best effort by their nature (a push).
    for (const effect of effects) await effect();
  }

  async function relayOnce(): Promise<number> {
    const now = new Date();
    // Claim a batch in a short transaction, then send the jobs outside it: PGlite has one
    // connection, so the queue's own statements cannot run while a transaction holds it.
    const claimed = await deps.db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: domainEvents.id, type: domainEvents.type })
        .from(domainEvents)
        .where(
          and(
            isNull(domainEvents.dispatchedAt),
            or(isNull(domainEvents.claimedUntil), lt(domainEvents.claimedUntil, now)),
          ),
        )
        .orderBy(asc(domainEvents.occurredAt))
        .limit(RELAY_BATCH)
        .for('update', { skipLocked: true });
      if (rows.length) {
        await tx
          .update(domainEvents)
          .set({ claimedUntil: sql`now() + make_interval(secs => ${CLAIM_SECONDS})` })
          .where(
            inArray(
              domainEvents.id,
              rows.map((r) => r.id),
            ),
          );
      }
      return rows;
    });
    for (const event of claimed) {
      for (const name of subscribers.get(event.type as DomainEventType) ?? []) {
        await deps.jobs.send(jobName(name), { eventId: event.id }, { dedupeKey: event.id });
      }
    }
    if (claimed.length) {
      await deps.db
        .update(domainEvents)
        .set({ dispatchedAt: new Date() })
        .where(
          inArray(
            domainEvents.id,
            claimed.map((r) => r.id),
          ),
        );
    }
    return claimed.length;
  }

  const bus: EventBus = {
    subscribe(type, name, handler, options) {
      if (handlers.has(name)) throw new Error(`Event handler ${name} is subscribed twice`);
      handlers.set(name, { type, handler: handler as EventHandler<DomainEventType>, options });
      subscribers.set(type, [...(subscribers.get(type) ?? []), name]);
    },

    relay() {
      // One relay at a time in this process; a caller during a pass waits for it and runs another.
      const run = (relaying ?? Promise.resolve(0))
        .catch(() => 0)
        .then(async () => {
          let total = 0;
          for (let n = await relayOnce(); n > 0; n = await relayOnce()) total += n;
          return total;
        });
      relaying = run.finally(() => {
        if (relaying === run) relaying = undefined;
      });
      return run;
    },

    async declareJobs() {
      for (const [name, entry] of handlers) {
        if (declared.has(name)) continue;
        declared.add(name);
        await deps.jobs.define<{ eventId: string }>(
          jobName(name),
          ({ eventId }) => deliver(name, eventId),
          entry.options,
        );
      }
    },

    async start() {
      await bus.declareJobs();
      if (!deps.relayEvery) return;
      const every = deps.relayEvery;
      let idle = 0;
      const tick = () => {
        timer = setTimeout(() => {
          // The embedded database runs its queries on this thread: an idle relay asks seldom.
          if (relaySoon === 0 && ++idle < IDLE_TICKS) return tick();
          if (relaySoon > 0) relaySoon -= 1;
          idle = 0;
          bus
            .relay()
            .catch((error: unknown) => deps.log.error({ err: error }, 'event relay failed'))
            .finally(() => {
              if (timer) tick();
            });
        }, every);
      };
      tick();
    },

    async stop() {
      clearTimeout(timer);
      timer = undefined;
      await relaying?.catch(() => undefined);
    },
  };
  return bus;
}
