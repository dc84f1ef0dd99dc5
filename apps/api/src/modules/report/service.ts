import { and, count, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  Report,
  ReportCreated,
  ReportList,
  ReportListQuery,
  ReportRequest,
  ResolveReportRequest,
} from '@app/shared/schemas/chat';
import type { Db } from '../../db/client';
import { chatMembers, chatMessages, reports, users } from '../../db/schema';
import { one } from '../../db/rows';
import { AppError } from '../../lib/app-error';
import { toPeer, verifiedColumn } from '../people/peer';

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

function reportQuery(db: Db) {
  return db
    .select({
      report: reports,
      reporter: peerOf(reporter),
      user: peerOf(reported),
      message: { id: chatMessages.id, text: chatMessages.text, createdAt: chatMessages.createdAt },
    })
    .from(reports)
    .innerJoin(reporter, eq(reporter.id, reports.reporterId))
    .innerJoin(reported, eq(reported.id, reports.userId))
    .leftJoin(chatMessages, eq(chatMessages.id, reports.messageId));
}

type ReportQueryRow = Awaited<ReturnType<typeof reportQuery>>[number];

function toReport({ report, reporter: by, user, message }: ReportQueryRow): Report {
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
  };
}

/** GET /report/list {offset, limit, status}: the newest first. */
export async function listReports(db: Db, query: ReportListQuery): Promise<ReportList> {
  const where = query.status ? eq(reports.status, query.status) : undefined;
  const [rows, totals] = await Promise.all([
    reportQuery(db).where(where).orderBy(desc(reports.id)).limit(query.limit).offset(query.offset),
    db.select({ total: count() }).from(reports).where(where),
  ]);
  return { items: rows.map(toReport), total: one(totals).total };
}

/** An admin's decision; it may be changed later, and the report remembers the last one. */
export async function resolveReport(
  db: Db,
  adminId: number,
  id: number,
  request: ResolveReportRequest,
): Promise<Report> {
  const [updated] = await db
    .update(reports)
    .set({ status: request.status, note: request.note || null, resolvedById: adminId, resolvedAt: new Date() })
    .where(eq(reports.id, id))
    .returning({ id: reports.id });
  if (!updated) throw new AppError('NOT_FOUND');
  return toReport(one(await reportQuery(db).where(eq(reports.id, id))));
}
