import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Report, ReportStatus } from '@app/shared/schemas/chat';
import type { Db, Tx } from '../../db/client';
import { reports, type ReportRow } from '../../db/schema';
import { publish } from '../../events/event-bus';
import { AppError } from '../../lib/app-error';
import { recordAudit, type AuditActor } from '../audit/record-audit';
import { getReport } from './service';

/**
 * Staff decisions on a report (PRODUCT.md "Admin (/control)": reports). Each runs in one
 * transaction with its audit row. Moderators and admins take a report; admins decide it.
 */

/** Blocks an account inside the caller's transaction; the answer runs after commit (people-control). */
export interface AccountBlocker {
  blockIn(
    tx: Tx,
    actor: AuditActor,
    userId: number,
    reason: string,
    details?: Record<string, unknown>,
  ): Promise<() => Promise<void>>;
}

const DECIDED: ReportStatus[] = ['RESOLVED', 'DISMISSED'];

async function lockWaiting(tx: Tx, id: number): Promise<ReportRow> {
  const [row] = await tx.select().from(reports).where(eq(reports.id, id)).for('update');
  if (!row) throw new AppError('NOT_FOUND');
  if (DECIDED.includes(row.status)) throw new AppError('REPORT_CLOSED');
  return row;
}

const stateOf = (row: Pick<ReportRow, 'status' | 'assignedToId' | 'note'>) => ({
  status: row.status,
  assignedTo: row.assignedToId,
  note: row.note,
});

/** Take the report: it leaves the open queue as ASSIGNED to the caller (a re-take moves it to them). */
export async function assignReport(db: Db, actor: AuditActor, id: number, reason?: string): Promise<Report> {
  await db.transaction(async (tx) => {
    const row = await lockWaiting(tx, id);
    const change = { status: 'ASSIGNED' as const, assignedToId: actor.actorId, assignedAt: new Date() };
    await tx.update(reports).set(change).where(eq(reports.id, id));
    await recordAudit(tx, {
      ...actor,
      action: 'report.assign',
      targetType: 'report',
      targetId: id,
      before: stateOf(row),
      after: stateOf({ ...row, ...change }),
      reason: reason ?? null,
    });
  });
  return getReport(db, id);
}

/** Close the report as decided; the staff member's reason is its note. */
async function decide(tx: Tx, actor: AuditActor, row: ReportRow, status: ReportStatus, action: string, reason: string) {
  const change = { status, note: reason, resolvedById: actor.actorId, resolvedAt: new Date() };
  await tx.update(reports).set(change).where(eq(reports.id, row.id));
  await recordAudit(tx, {
    ...actor,
    action,
    targetType: 'report',
    targetId: row.id,
    before: stateOf(row),
    after: stateOf({ ...row, ...change }),
    reason,
    details: { userId: row.userId },
  });
}

export async function dismissReport(db: Db, actor: AuditActor, id: number, reason: string): Promise<Report> {
  await db.transaction(async (tx) =>
    decide(tx, actor, await lockWaiting(tx, id), 'DISMISSED', 'report.dismiss', reason),
  );
  return getReport(db, id);
}

/** Resolve by warning: the person gets a push and a mail with the staff member's words (`user.warned`). */
export async function warnReported(db: Db, actor: AuditActor, id: number, reason: string): Promise<Report> {
  await db.transaction(async (tx) => {
    const row = await lockWaiting(tx, id);
    await decide(tx, actor, row, 'RESOLVED', 'report.warn', reason);
    await publish(tx, 'user.warned', { userId: row.userId, reportId: row.id });
  });
  return getReport(db, id);
}

/**
 * Resolve by blocking the reported account. The other waiting reports about the same person are
 * resolved with it (the block answers them all) and named in the audit row.
 */
export async function blockReported(
  db: Db,
  blocker: AccountBlocker,
  actor: AuditActor,
  id: number,
  reason: string,
): Promise<Report> {
  const afterCommit = await db.transaction(async (tx) => {
    const row = await lockWaiting(tx, id);
    const done = await blocker.blockIn(tx, actor, row.userId, reason, { reportId: id });
    await decide(tx, actor, row, 'RESOLVED', 'report.resolve', reason);
    const others = await tx
      .update(reports)
      .set({ status: 'RESOLVED', note: reason, resolvedById: actor.actorId, resolvedAt: new Date() })
      .where(and(eq(reports.userId, row.userId), inArray(reports.status, ['OPEN', 'ASSIGNED']), ne(reports.id, id)))
      .returning({ id: reports.id });
    if (others.length) {
      await recordAudit(tx, {
        ...actor,
        action: 'report.resolve',
        targetType: 'user',
        targetId: row.userId,
        after: { status: 'RESOLVED' },
        reason,
        details: { reportIds: others.map((other) => other.id), byReport: id },
      });
    }
    return done;
  });
  await afterCommit();
  return getReport(db, id);
}
