import { and, asc, count, desc, eq, gt, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  Report,
  ReportCreated,
  ReportList,
  ReportListQuery,
  ReportRequest,
  ReportStatus,
  ResolveReportRequest,
} from '@app/shared/schemas/chat';
import { REPORT_CONTEXT_MESSAGES } from '@app/shared/schemas/people-control';
import type { Db } from '../../db/client';
import { chatMembers, chatMessages, reports, users } from '../../db/schema';
import { one } from '../../db/rows';
import { AppError } from '../../lib/app-error';
import { toPeer, verifiedColumn } from '../people/peer';
import { recordAudit, type AuditActor } from '../audit/record-audit';

/**
 * Reports of users (PRODUCT.md: block and report). Anyone signed in reports; admins and moderators
 * read the queue; admins resolve or dismiss, and the report keeps who did it and when.
 */

/**
 * Stores a report with status OPEN. A message, when named, must be one the reporter received from
 * the reported user, so a report cannot reveal or point at other people's messages.
 */
export async function createReport(db: Db, reporterId: number, request: ReportRequest): Promise<ReportCreated> {
  if (request.userId === reporterId) throw new AppError('SELF_ACTION_NOT_ALLOWED');
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, request.userId)).limit(1);
  if (!user) throw new AppError('NOT_FOUND');
  if (request.messageId !== undefined) {
    const [message] = await db
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .innerJoin(
        chatMembers,
        and(eq(chatMembers.conversationId, chatMessages.conversationId), eq(chatMembers.userId, reporterId)),
      )
      .where(and(eq(chatMessages.id, request.messageId), eq(chatMessages.senderId, request.userId)))
      .limit(1);
    if (!message) throw new AppError('NOT_FOUND');
  }
  const [row] = await db
    .insert(reports)
    .values({
      reporterId,
      userId: request.userId,
      reason: request.reason,
      comment: request.comment || null,
      messageId: request.messageId ?? null,
    })
    .returning();
  return { id: row!.id, status: row!.status, createdAt: row!.createdAt.toISOString() };
}

const reporter = alias(users, 'reporter');
const reported = alias(users, 'reported');
const peerOf = (table: typeof reporter | typeof reported) => ({
  id: table.id,
  domain: table.domain,
  firstName: table.firstName,
  lastName: table.lastName,
  avatarMediaId: table.avatarMediaId,
  verified: verifiedColumn(table.id),
});

/** Reports about the same person still waiting for staff: the queue's first order. */
const WAITING: ReportStatus[] = ['OPEN', 'ASSIGNED'];
const openReportsOnUser =
  sql<number>`(select count(*) from reports waiting where waiting.user_id = ${reports.userId} and waiting.status in ('OPEN', 'ASSIGNED'))`.mapWith(
    Number,
  );

function reportQuery(db: Db) {
  return db
    .select({
      report: reports,
      reporter: peerOf(reporter),
      user: peerOf(reported),
      userBlockedAt: reported.blockedAt,
      openReportsOnUser,
      message: {
        id: chatMessages.id,
        text: chatMessages.text,
        createdAt: chatMessages.createdAt,
        conversationId: chatMessages.conversationId,
      },
    })
    .from(reports)
    .innerJoin(reporter, eq(reporter.id, reports.reporterId))
    .innerJoin(reported, eq(reported.id, reports.userId))
    .leftJoin(chatMessages, eq(chatMessages.id, reports.messageId));
}

type ReportQueryRow = Awaited<ReturnType<typeof reportQuery>>[number];
type ContextMessage = Report['context'][number];

/** The reported message with REPORT_CONTEXT_MESSAGES before and after it in its conversation. */
async function contextOf(db: Db, message: { id: number; conversationId: number }): Promise<ContextMessage[]> {
  const columns = {
    id: chatMessages.id,
    senderId: chatMessages.senderId,
    text: chatMessages.text,
    createdAt: chatMessages.createdAt,
  };
  const inConversation = eq(chatMessages.conversationId, message.conversationId);
  const [upTo, after] = await Promise.all([
    db
      .select(columns)
      .from(chatMessages)
      .where(and(inConversation, lte(chatMessages.id, message.id)))
      .orderBy(desc(chatMessages.id))
      .limit(REPORT_CONTEXT_MESSAGES + 1),
    db
      .select(columns)
      .from(chatMessages)
      .where(and(inConversation, gt(chatMessages.id, message.id)))
      .orderBy(asc(chatMessages.id))
      .limit(REPORT_CONTEXT_MESSAGES),
  ]);
  return [...upTo.reverse(), ...after].map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

async function toReport(db: Db, row: ReportQueryRow): Promise<Report> {
  const { report, reporter: by, user, message } = row;
  return {
    id: report.id,
    reporter: toPeer(by),
    user: toPeer(user),
    reason: report.reason,
    comment: report.comment,
    message: message ? { id: message.id, text: message.text, createdAt: message.createdAt.toISOString() } : null,
    status: report.status,
    note: report.note,
    resolvedBy: report.resolvedById,
    resolvedAt: report.resolvedAt?.toISOString() ?? null,
    createdAt: report.createdAt.toISOString(),
    assignedTo: report.assignedToId,
    assignedAt: report.assignedAt?.toISOString() ?? null,
    openReportsOnUser: row.openReportsOnUser,
    userBlocked: row.userBlockedAt !== null,
    context: message ? await contextOf(db, message) : [],
  };
}

/** One report as staff see it, or NOT_FOUND. */
export async function getReport(db: Db, id: number): Promise<Report> {
  const [row] = await reportQuery(db).where(eq(reports.id, id));
  if (!row) throw new AppError('NOT_FOUND');
  return toReport(db, row);
}

/**
 * GET /report/list {offset, limit, status}: the waiting queue (no status, OPEN or ASSIGNED) puts the
 * people with the most waiting reports first, then the newest; decided reports are newest first.
 */
export async function listReports(db: Db, query: ReportListQuery): Promise<ReportList> {
  const where = query.status ? eq(reports.status, query.status) : undefined;
  const queue = !query.status || WAITING.includes(query.status);
  const [rows, totals] = await Promise.all([
    reportQuery(db)
      .where(where)
      .orderBy(...(queue ? [desc(openReportsOnUser), desc(reports.id)] : [desc(reports.id)]))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(reports).where(where),
  ]);
  const items: Report[] = [];
  for (const row of rows) items.push(await toReport(db, row));
  return { items, total: one(totals).total };
}

/** An admin's decision; it may be changed later, and the report remembers the last one. */
export async function resolveReport(
  db: Db,
  actor: AuditActor,
  id: number,
  request: ResolveReportRequest,
): Promise<Report> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(reports).where(eq(reports.id, id)).for('update');
    if (!before) throw new AppError('NOT_FOUND');
    const note = request.note || null;
    await tx
      .update(reports)
      .set({ status: request.status, note, resolvedById: actor.actorId, resolvedAt: new Date() })
      .where(eq(reports.id, id));
    await recordAudit(tx, {
      ...actor,
      action: request.status === 'DISMISSED' ? 'report.dismiss' : 'report.resolve',
      targetType: 'report',
      targetId: id,
      before: { status: before.status, note: before.note },
      after: { status: request.status, note },
      reason: note,
    });
  });
  return getReport(db, id);
}
