import { afterEach, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { domainEvents, eventDeliveries, users } from '../db/schema';
import { createTestDatabase } from '../../test/database';
import { until } from '../../test/until';
import { createJobQueue, type JobQueue } from '../jobs/job-queue';
import { createEventBus, publish, type EventBus } from './event-bus';

const log = { error() {}, warn() {} };

describe('domain events', () => {
  const open: { stops: (() => Promise<void>)[]; database?: Database } = { stops: [] };
  afterEach(async () => {
    for (const stop of open.stops.splice(0).reverse()) await stop();
    await open.database?.close();
    open.database = undefined;
  });

  async function database() {
    open.database = await createTestDatabase();
    return open.database;
  }

  /** A process's view: its own queue and bus; `relayEvery` undefined means it never relays by itself. */
  async function processOn(db: Database, relayEvery?: number) {
    const jobs: JobQueue = createJobQueue({ database: db, workers: true, pollSeconds: 0.5, log });
    const bus: EventBus = createEventBus({ db: db.db, jobs, relayEvery, log });
    open.stops.push(async () => {
      await bus.stop();
      await jobs.stop();
    });
    return {
      jobs,
      bus,
      async start() {
        await jobs.start();
        await bus.start();
      },
    };
  }

  /** A handler whose effect is a row: the referral and partner handlers to come work this way. */
  function countNames(bus: EventBus, name = 'counter') {
    bus.subscribe('user.registered', name, async (event, tx) => {
      await tx
        .update(users)
        .set({ firstName: sql`coalesce(${users.firstName}, '') || 'x'` })
        .where(eq(users.id, event.payload.userId));
    });
  }

  const firstName = async (db: Database, id: number) =>
    (await db.db.select().from(users).where(eq(users.id, id)))[0]!.firstName;

  it('an event published in a transaction that rolls back never existed', async () => {
    const db = await database();
    await db.db
      .transaction(async (tx) => {
        await publish(tx, 'profile.completed', { userId: 1 });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect((await db.db.select({ n: count() }).from(domainEvents))[0]!.n).toBe(0);
  });

  it('refuses a payload that does not fit the event map', async () => {
    const db = await database();
    await expect(publish(db.db, 'withdrawal.sent', { userId: 1, transactionId: 2, amount: '-5' })).rejects.toThrow();
  });

  it('delivers once to each subscriber, even when the relay hands the event over twice', async () => {
    const db = await database();
    const [user] = await db.db.insert(users).values({ email: 'a@example.com' }).returning();
    const node = await processOn(db);
    countNames(node.bus, 'first');
    countNames(node.bus, 'second');
    await node.start();
    await publish(db.db, 'user.registered', { userId: user!.id, referrerId: null, partnerLinkId: null });
    expect(await node.bus.relay()).toBe(1);
    await until(async () => (await firstName(db, user!.id)) === 'xx');
    // A relay that crashed after sending but before marking the event sends it again.
    await db.db.update(domainEvents).set({ dispatchedAt: null, claimedUntil: null });
    expect(await node.bus.relay()).toBe(1);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await firstName(db, user!.id)).toBe('xx');
    expect((await db.db.select({ n: count() }).from(eventDeliveries))[0]!.n).toBe(2);
  });

  it('an event committed just before a crash is delivered once by the next process', async () => {
    const db = await database();
    const [user] = await db.db.insert(users).values({ email: 'b@example.com' }).returning();
    // The first process commits the change and its event, then dies before relaying it.
    await db.db.transaction(async (tx) => {
      await tx.update(users).set({ lastName: 'Registered' }).where(eq(users.id, user!.id));
      await publish(tx, 'user.registered', { userId: user!.id, referrerId: null, partnerLinkId: null });
    });
    const next = await processOn(db, 100);
    countNames(next.bus);
    await next.start();
    await until(async () => (await firstName(db, user!.id)) === 'x');
    await new Promise((r) => setTimeout(r, 1000));
    expect(await firstName(db, user!.id)).toBe('x');
    const [event] = await db.db.select().from(domainEvents);
    expect(event!.dispatchedAt).not.toBeNull();
  });

  it('a claim left by a relay that died expires and another process takes the event', async () => {
    const db = await database();
    const [user] = await db.db.insert(users).values({ email: 'c@example.com' }).returning();
    await publish(db.db, 'user.registered', { userId: user!.id, referrerId: null, partnerLinkId: null });
    // Claimed by a relay that died before sending anything.
    await db.db.update(domainEvents).set({ claimedUntil: sql`now() + interval '1 second'` });
    const next = await processOn(db);
    countNames(next.bus);
    await next.start();
    expect(await next.bus.relay()).toBe(0);
    await new Promise((r) => setTimeout(r, 1200));
    expect(await next.bus.relay()).toBe(1);
    await until(async () => (await firstName(db, user!.id)) === 'x');
  });

  it('a handler that fails is retried until it succeeds; its half-done writes roll back each time', async () => {
    const db = await database();
    const [user] = await db.db.insert(users).values({ email: 'd@example.com' }).returning();
    const node = await processOn(db);
    let calls = 0;
    node.bus.subscribe(
      'profile.completed',
      'flaky',
      async (event, tx) => {
        calls += 1;
        await tx
          .update(users)
          .set({ firstName: sql`coalesce(${users.firstName}, '') || 'y'` })
          .where(eq(users.id, event.payload.userId));
        if (calls < 3) throw new Error('not yet');
      },
      { retryDelaySeconds: 1 },
    );
    await node.start();
    await publish(db.db, 'profile.completed', { userId: user!.id });
    await node.bus.relay();
    await until(() => calls === 3);
    await until(async () => (await firstName(db, user!.id)) === 'y');
  });
});
