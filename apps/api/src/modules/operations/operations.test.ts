import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { OperationsOverview } from '@app/shared/schemas/operations';
import { createTestApp, type TestApp } from '../../../test/app';
import { call, insertStaff } from '../../../test/kits/kyc';
import { until } from '../../../test/until';
import { auditLog, chainSends, chainStepRetries, reconciliationDifferences } from '../../db/schema';

describe('jobs and chain for admins', () => {
  let t: TestApp;
  let admin: { id: number };
  /** Runs of the flaky job by its payload; it fails while `failing` holds its key. */
  const runs = new Map<string, number>();
  const failing = new Set<string>();

  const overview = async () => {
    const response = await call(t, admin.id, 'GET', '/api/control/jobs');
    expect(response.statusCode).toBe(200);
    return response.json() as OperationsOverview;
  };
  /** A job that fails on its only try lands in the dead letters; resolves the dead letter. */
  const failedJob = async (key: string) => {
    failing.add(key);
    await t.services.jobs.send('test.flaky', { key }, { dedupeKey: key });
    return until(async () => (await overview()).failedJobs.find((job) => (job.data as { key: string }).key === key));
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await insertStaff(t, 'admin');
    await t.services.jobs.define<{ key: string }>(
      'test.flaky',
      async ({ key }) => {
        runs.set(key, (runs.get(key) ?? 0) + 1);
        if (failing.has(key)) throw new Error(`flaky ${key} failed`);
      },
      { retryLimit: 0 },
    );
  });
  afterAll(() => t.close());

  it('is refused to a person and to a moderator', async () => {
    const person = await insertStaff(t, 'user');
    const moderator = await insertStaff(t, 'moderator', 'GOLD');
    const id = '00000000-0000-4000-8000-000000000000';
    for (const who of [person, moderator]) {
      expect((await call(t, who.id, 'GET', '/api/control/jobs')).statusCode).toBe(403);
      expect((await call(t, who.id, 'POST', `/api/control/jobs/${id}/retry`, {})).statusCode).toBe(403);
      expect((await call(t, who.id, 'POST', `/api/control/jobs/${id}/discard`, {})).statusCode).toBe(403);
      expect((await call(t, who.id, 'POST', '/api/control/jobs/chain/withdrawal/1/retry', {})).statusCode).toBe(403);
    }
  });

  it("lists the chain workers' retrying and parked rows, and an admin's retry starts one over, audited", async () => {
    const earlier = new Date(Date.now() - 60_000);
    await t.database.db.insert(chainStepRetries).values([
      {
        kind: 'withdrawal',
        refId: 7_001,
        tries: 10,
        nextAt: earlier,
        lastError: 'fetch failed: ECONNREFUSED',
        deadAt: earlier,
      },
      { kind: 'payout', refId: 7_002, tries: 2, nextAt: new Date(Date.now() + 10_000), lastError: 'timeout' },
    ]);
    const listed = (await overview()).retryingSteps;
    expect(listed[0]).toMatchObject({ kind: 'withdrawal', refId: 7_001, tries: 10, maxTries: 10, parked: true });
    expect(listed.find((s) => s.refId === 7_002)).toMatchObject({ kind: 'payout', tries: 2, parked: false });

    const retried = await call(t, admin.id, 'POST', '/api/control/jobs/chain/withdrawal/7001/retry', {
      reason: 'the node is back',
    });
    expect(retried.statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(chainStepRetries)
      .where(and(eq(chainStepRetries.kind, 'withdrawal'), eq(chainStepRetries.refId, 7_001)));
    expect(row).toMatchObject({ tries: 0, deadAt: null });
    expect(row!.nextAt.getTime()).toBeLessThanOrEqual(Date.now());
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'chain.step.retry'), eq(auditLog.targetId, '7001')));
    expect(audit).toMatchObject({
      actorId: admin.id,
      targetType: 'withdrawal',
      reason: 'the node is back',
      before: { tries: 10, parked: true, lastError: 'fetch failed: ECONNREFUSED' },
      after: { tries: 0, parked: false },
    });

    expect((await call(t, admin.id, 'POST', '/api/control/jobs/chain/withdrawal/999999/retry', {})).statusCode).toBe(
      404,
    );
    const wrongKind = await call(t, admin.id, 'POST', '/api/control/jobs/chain/mint/7001/retry', {});
    expect(wrongKind.statusCode).toBe(400);
  });

  it('retries a failed job: the same job runs again, and the retry is in the audit log', async () => {
    const dead = await failedJob('retry-me');
    expect(dead.queue).toBe('test.flaky');
    expect(dead.error).toContain('flaky retry-me failed');
    expect(runs.get('retry-me')).toBe(1);

    failing.delete('retry-me');
    const retried = await call(t, admin.id, 'POST', `/api/control/jobs/${dead.id}/retry`, {
      reason: 'fixed the cause',
    });
    expect(retried.statusCode).toBe(200);
    await until(() => runs.get('retry-me') === 2, 20_000, 'the job to run again');
    expect((await overview()).failedJobs.some((job) => job.id === dead.id)).toBe(false);
    // It ran as the same job (its dedupe id kept): nothing new is waiting, and it completed.
    await until(async () => ((await t.services.jobs.counts('test.flaky')).completed ?? 0) >= 1);

    const [row] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'job.retry'));
    expect(row).toMatchObject({
      actorId: admin.id,
      actorRole: 'admin',
      targetType: 'job',
      reason: 'fixed the cause',
      before: { state: 'failed', queue: 'test.flaky', deadLetterId: dead.id },
      after: { state: 'retry', queue: 'test.flaky', rerun: 'same job' },
    });
    expect(row!.requestId).toBeTruthy();

    // The same dead letter cannot be retried twice.
    const again = await call(t, admin.id, 'POST', `/api/control/jobs/${dead.id}/retry`, {});
    expect(again.statusCode).toBe(404);
    expect(runs.get('retry-me')).toBe(2);
  });

  it('runs a fresh copy when the failed original was archived already', async () => {
    const dead = await failedJob('archived');
    // The queue's maintenance moves failed jobs to its archive after a while.
    await t.database.db.execute(
      sql`delete from pgboss.job where name = 'test.flaky' and state = 'failed' and data->'data'->>'key' = 'archived'`,
    );
    failing.delete('archived');
    const retried = await call(t, admin.id, 'POST', `/api/control/jobs/${dead.id}/retry`, {});
    expect(retried.statusCode).toBe(200);
    await until(() => runs.get('archived') === 2, 20_000, 'the copy to run');
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'job.retry'), sql`${auditLog.before}->>'deadLetterId' = ${dead.id}`));
    expect(row!.after).toMatchObject({ rerun: 'new job' });
  });

  it('discards a failed job without running it, audit-logged', async () => {
    const dead = await failedJob('drop-me');
    const discarded = await call(t, admin.id, 'POST', `/api/control/jobs/${dead.id}/discard`, { reason: 'obsolete' });
    expect(discarded.statusCode).toBe(200);
    expect((await overview()).failedJobs.some((job) => job.id === dead.id)).toBe(false);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'job.discard'), eq(auditLog.targetId, dead.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.reason).toBe('obsolete');
    expect(runs.get('drop-me')).toBe(1);
  });

  it('refuses a bad id and a reason too long, changing nothing', async () => {
    const dead = await failedJob('keep-me');
    const bad = await call(t, admin.id, 'POST', '/api/control/jobs/not-a-uuid/retry', {});
    expect(bad.statusCode).toBe(400);
    const long = await call(t, admin.id, 'POST', `/api/control/jobs/${dead.id}/discard`, { reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect((await overview()).failedJobs.some((job) => job.id === dead.id)).toBe(true);
  });

  it('lists stuck and reverted chain steps and reconciliation differences with their state', async () => {
    const old = new Date(Date.now() - 60 * 60_000);
    await t.database.db.insert(chainSends).values([
      { hash: '0xstuck', fromAddress: '0xa', nonce: 1, raw: '0x', purpose: 'withdrawal', refId: 7, createdAt: old },
      { hash: '0xfresh', fromAddress: '0xa', nonce: 2, raw: '0x', purpose: 'withdrawal', refId: 8 },
      {
        hash: '0xreverted',
        fromAddress: '0xa',
        nonce: 3,
        raw: '0x',
        purpose: 'mint',
        createdAt: old,
        settledAt: new Date(),
        outcome: 'reverted',
      },
      {
        hash: '0xmined',
        fromAddress: '0xa',
        nonce: 4,
        raw: '0x',
        purpose: 'mint',
        createdAt: old,
        settledAt: new Date(),
        outcome: 'mined',
      },
    ]);
    const runId = '11111111-1111-4111-8111-111111111111';
    await t.database.db.insert(reconciliationDifferences).values([
      { runId, kind: 'custodial_usdt', subject: 'user:1', expected: '1', actual: '0' },
      { runId, kind: 'token_missing', subject: 'token:9', repairedAt: new Date(), resolvedAt: new Date() },
      { runId, kind: 'token_owner', subject: 'token:3', resolvedAt: new Date() },
    ]);
    const { chainSteps, differences } = await overview();
    expect(chainSteps.map((s) => [s.hash, s.state])).toEqual([
      ['0xstuck', 'stuck'],
      ['0xreverted', 'reverted'],
    ]);
    expect(differences[0]).toMatchObject({ subject: 'user:1', state: 'open', expected: '1', actual: '0' });
    expect(Object.fromEntries(differences.map((d) => [d.subject, d.state]))).toEqual({
      'user:1': 'open',
      'token:3': 'resolved',
      'token:9': 'repaired',
    });
  });
});
