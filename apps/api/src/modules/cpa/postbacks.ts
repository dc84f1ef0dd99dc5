import crypto from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { CpaPostback } from '@app/shared/schemas/cpa-programme';
import type { Db, Tx } from '../../db/client';
import { cpaConversions, cpaLinks, cpaPostbackAttempts, cpaPostbacks } from '../../db/schema';
import type { JobQueue } from '../../jobs/job-queue';
import { AppError } from '../../lib/app-error';
import { fromWei } from '../../lib/wei';
import { signingSecrets } from './partners';
import { postPostback, type PostbackAnswer } from './postback-http';

type ConversionRow = typeof cpaConversions.$inferSelect;
type PostbackRow = typeof cpaPostbacks.$inferSelect;

export const POSTBACK_JOB = 'cpa.postback';

/**
 * Seconds after each failed try before the next: about a day in all (23.5 h over ten tries), each
 * spread by up to a fifth either way so that a partner's server that was down is not hit in step.
 */
export const RETRY_SCHEDULE_SECONDS = [30, 120, 600, 1800, 3600, 7200, 14400, 28800, 28800];
const CLAIM_SECONDS = 60;
/** Longer than a try's 10 s timeout. */
const SENDING_LEASE_MS = 30_000;
const released = { claimedUntil: null, sendingUntil: null };

const jittered = (seconds: number) => seconds * 1000 * (0.8 + Math.random() * 0.4);

/**
 * Writes the postback of a conversion's new status in the transaction of that status: the row is
 * the outbox, so the postback is sent once the change commits, and never if it rolls back. A link
 * without a callback URL (or whose callback answered 410) gets none.
 */
export async function queuePostback(tx: Tx, conversion: ConversionRow): Promise<void> {
  const [link] = await tx.select().from(cpaLinks).where(eq(cpaLinks.id, conversion.linkId));
  if (!link?.callbackUrl || link.callbackDisabledAt) return;
  await tx.insert(cpaPostbacks).values({
    id: crypto.randomUUID(),
    partnerId: conversion.partnerId,
    linkId: conversion.linkId,
    conversionId: conversion.id,
    action: conversion.action,
    status: conversion.status,
    payout: conversion.payout,
    uid: conversion.uid,
    state: 'queued',
  });
}

/** The callback URL with its macros replaced, each value URL-encoded. */
export function expandMacros(template: string, row: PostbackRow): string {
  const values: Record<string, string> = {
    uid: row.uid ?? '',
    clickid: row.uid ?? '',
    action: row.action,
    status: row.status,
    payout: fromWei(row.payout),
    currency: 'USDT',
    event_id: row.id,
    link_id: String(row.linkId),
    timestamp: String(Math.floor(row.createdAt.getTime() / 1000)),
  };
  return template.replace(/\{([a-z_]+)\}/g, (whole, name: string) =>
    name in values ? encodeURIComponent(values[name]!) : whole,
  );
}

/** The JSON body: the same facts as the macros, for partners who read the body instead. */
const bodyOf = (row: PostbackRow) =>
  JSON.stringify({
    type: row.conversionId === null ? 'test' : `conversion.${row.status}`,
    event_id: row.id,
    link_id: row.linkId,
    uid: row.uid,
    action: row.action,
    status: row.status,
    payout: fromWei(row.payout),
    currency: 'USDT',
    timestamp: Math.floor(row.createdAt.getTime() / 1000),
  });

/** Standard Webhooks headers; during a secret's rotation both signatures go, space-separated. */
function signedHeaders(secrets: string[], id: string, body: string, now: Date): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(id, now, body)).join(' '),
  };
}

export interface PostbackSender {
  /** Hands due postbacks to jobs; returns how many it took. */
  relay(): Promise<number>;
  /** One try of one postback (the job's work). */
  deliver(id: string): Promise<void>;
  start(): Promise<void>;
  stop(): void;
}

export function createPostbackSender(deps: {
  db: Db;
  jobs: JobQueue;
  /** CPA_POSTBACK_ALLOW_HOSTS: private addresses tests may reach; empty in production. */
  allowAddresses: string[];
  /** Relay every this many ms in this process (WORKERS_ENABLED), else never. */
  relayEvery?: number;
  log: { error(obj: object, msg: string): void };
}): PostbackSender {
  const { db } = deps;
  let timer: NodeJS.Timeout | undefined;

  async function relay(): Promise<number> {
    const now = new Date();
    const claimed = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: cpaPostbacks.id, attempts: cpaPostbacks.attempts })
        .from(cpaPostbacks)
        .where(
          and(
            eq(cpaPostbacks.state, 'queued'),
            lte(cpaPostbacks.nextAttemptAt, now),
            or(isNull(cpaPostbacks.claimedUntil), lt(cpaPostbacks.claimedUntil, now)),
          ),
        )
        .orderBy(asc(cpaPostbacks.nextAttemptAt))
        .limit(100)
        .for('update', { skipLocked: true });
      if (rows.length)
        await tx
          .update(cpaPostbacks)
          .set({ claimedUntil: new Date(now.getTime() + CLAIM_SECONDS * 1000) })
          .where(
            inArray(
              cpaPostbacks.id,
              rows.map((r) => r.id),
            ),
          );
      return rows;
    });
    // A relay that dies here leaves its claims to expire; the next one sends the same job ids.
    for (const row of claimed)
      await deps.jobs.send(POSTBACK_JOB, { id: row.id }, { dedupeKey: `${row.id}:${row.attempts}` });
    return claimed.length;
  }

  async function record(row: PostbackRow, url: string, answer: PostbackAnswer, now: Date) {
    const ok = answer.httpStatus !== null && answer.httpStatus >= 200 && answer.httpStatus < 300;
    const gone = answer.httpStatus === 410;
    const attempts = row.attempts + 1;
    const retryIn = RETRY_SCHEDULE_SECONDS[row.attempts];
    await db.transaction(async (tx) => {
      await tx.insert(cpaPostbackAttempts).values({ postbackId: row.id, url, ...answer, at: now });
      await tx
        .update(cpaPostbacks)
        .set(
          ok
            ? { state: 'delivered', attempts, deliveredAt: now, ...released }
            : gone
              ? { state: 'disabled', attempts, ...released }
              : retryIn === undefined
                ? { state: 'failed', attempts, ...released }
                : { attempts, ...released, nextAttemptAt: new Date(now.getTime() + jittered(retryIn)) },
        )
        .where(and(eq(cpaPostbacks.id, row.id), eq(cpaPostbacks.state, 'queued')));
      // 410 Gone: the partner retired this callback; nothing more goes there until they save one.
      if (gone) await tx.update(cpaLinks).set({ callbackDisabledAt: now }).where(eq(cpaLinks.id, row.linkId));
    });
  }

  async function deliver(id: string) {
    const started = new Date();
    // One try at a time per postback (a relay's job and a resend may meet): the try takes a lease
    // longer than its timeout. Delivered (a 2xx was seen), given up or disabled: never sent again.
    const [row] = await db
      .update(cpaPostbacks)
      .set({ sendingUntil: new Date(started.getTime() + SENDING_LEASE_MS) })
      .where(
        and(
          eq(cpaPostbacks.id, id),
          eq(cpaPostbacks.state, 'queued'),
          or(isNull(cpaPostbacks.sendingUntil), lt(cpaPostbacks.sendingUntil, started)),
        ),
      )
      .returning();
    if (!row) return;
    const [link] = await db.select().from(cpaLinks).where(eq(cpaLinks.id, row.linkId));
    if (!link?.callbackUrl || link.callbackDisabledAt) {
      await db
        .update(cpaPostbacks)
        .set({ state: 'disabled', claimedUntil: null, sendingUntil: null })
        .where(and(eq(cpaPostbacks.id, id), eq(cpaPostbacks.state, 'queued')));
      return;
    }
    const now = new Date();
    const url = expandMacros(link.callbackUrl, row);
    const body = bodyOf(row);
    const secrets = await signingSecrets(db, row.partnerId, now);
    const answer = await postPostback(url, body, signedHeaders(secrets, row.id, body, now), {
      allowAddresses: deps.allowAddresses,
    });
    await record(row, url, answer, now);
  }

  return {
    relay,
    deliver,
    async start() {
      // The job's own retries are not the schedule (record() books the next try), but a process
      // that dies mid-try leaves the job to expire and run again.
      await deps.jobs.define<{ id: string }>(POSTBACK_JOB, ({ id }) => deliver(id), {
        retryLimit: 2,
        retryDelaySeconds: 5,
        expireInSeconds: 60,
        concurrency: 4,
      });
      if (deps.relayEvery === undefined) return;
      const tick = () => {
        timer = setTimeout(async () => {
          try {
            await relay();
          } catch (error) {
            deps.log.error({ err: error }, 'postback relay failed');
          }
          if (timer) tick();
        }, deps.relayEvery);
      };
      tick();
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

/** The partner's postbacks, newest first, each with its tries. */
export async function listPostbacks(db: Db, partnerId: number, limit = 50): Promise<CpaPostback[]> {
  const rows = await db
    .select({ postback: cpaPostbacks, linkName: cpaLinks.name })
    .from(cpaPostbacks)
    .innerJoin(cpaLinks, eq(cpaLinks.id, cpaPostbacks.linkId))
    .where(eq(cpaPostbacks.partnerId, partnerId))
    .orderBy(desc(cpaPostbacks.createdAt))
    .limit(limit);
  const attempts = rows.length
    ? await db
        .select()
        .from(cpaPostbackAttempts)
        .where(
          inArray(
            cpaPostbackAttempts.postbackId,
            rows.map((r) => r.postback.id),
          ),
        )
        .orderBy(asc(cpaPostbackAttempts.id))
    : [];
  return rows.map(({ postback: row, linkName }) => ({
    id: row.id,
    linkId: row.linkId,
    linkName,
    action: row.action,
    status: row.status,
    state: row.state,
    createdAt: row.createdAt.toISOString(),
    attempts: attempts
      .filter((a) => a.postbackId === row.id)
      .map((a) => ({
        url: a.url,
        httpStatus: a.httpStatus,
        error: a.error,
        latencyMs: a.latencyMs,
        response: a.response,
        at: a.at.toISOString(),
      })),
  }));
}

/** The partner sends a failed or disabled postback again (one that got a 2xx never goes twice). */
export async function resendPostback(db: Db, partnerId: number, id: string): Promise<void> {
  const [row] = await db
    .select()
    .from(cpaPostbacks)
    .where(and(eq(cpaPostbacks.id, id), eq(cpaPostbacks.partnerId, partnerId)));
  if (!row) throw new AppError('NOT_FOUND');
  if (row.state === 'delivered') throw new AppError('CPA_POSTBACK_DELIVERED');
  const [link] = await db.select().from(cpaLinks).where(eq(cpaLinks.id, row.linkId));
  if (!link?.callbackUrl || link.callbackDisabledAt) throw new AppError('CPA_NO_CALLBACK');
  await db
    .update(cpaPostbacks)
    .set({ state: 'queued', nextAttemptAt: new Date(), claimedUntil: null })
    .where(eq(cpaPostbacks.id, id));
}

/** A test postback of one link (action "test", status "test", payout 0), through the same path. */
export async function fireTestPostback(db: Db, partnerId: number, linkId: number): Promise<string> {
  const [link] = await db
    .select()
    .from(cpaLinks)
    .where(and(eq(cpaLinks.id, linkId), eq(cpaLinks.userId, partnerId), isNull(cpaLinks.deletedAt)));
  if (!link) throw new AppError('NOT_FOUND');
  if (!link.callbackUrl || link.callbackDisabledAt) throw new AppError('CPA_NO_CALLBACK');
  const id = crypto.randomUUID();
  await db.insert(cpaPostbacks).values({
    id,
    partnerId,
    linkId,
    conversionId: null,
    action: 'test',
    status: 'test',
    payout: '0',
    uid: 'test',
    state: 'queued',
  });
  return id;
}
