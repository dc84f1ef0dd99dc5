import { and, count, desc, eq, gte, like, lte, sql, type SQL } from 'drizzle-orm';
import type { AuditEntryView, AuditPage, AuditQuery } from '@app/shared/schemas/audit';
import type { Db } from '../../db/client';
import { auditLog, users } from '../../db/schema';

/** LIKE's own characters in a typed prefix match themselves. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function filtersOf(query: AuditQuery): SQL | undefined {
  const where: SQL[] = [];
  const actor = query.actor?.trim();
  if (actor) {
    where.push(
      /^\d+$/.test(actor)
        ? eq(auditLog.actorId, Number(actor))
        : sql`${auditLog.actorId} in (select ${users.id} from ${users} where lower(${users.email}) = ${actor.toLowerCase()})`,
    );
  }
  const action = query.action?.trim();
  if (action)
    where.push(action.endsWith('.') ? like(auditLog.action, `${escapeLike(action)}%`) : eq(auditLog.action, action));
  if (query.targetType?.trim()) where.push(eq(auditLog.targetType, query.targetType.trim()));
  if (query.targetId?.trim()) where.push(eq(auditLog.targetId, query.targetId.trim()));
  if (query.from) where.push(gte(auditLog.createdAt, new Date(query.from)));
  if (query.to) where.push(lte(auditLog.createdAt, new Date(query.to)));
  return where.length ? and(...where) : undefined;
}

/** One page of the audit log, newest first, with the number of entries the filters match. */
export async function listAudit(db: Db, query: AuditQuery): Promise<AuditPage> {
  const where = filtersOf(query);
  const rows = await db
    .select({ entry: auditLog, actorEmail: users.email })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .offset(query.offset)
    .limit(query.limit);
  const [total] = await db.select({ n: count() }).from(auditLog).where(where);
  return {
    total: total?.n ?? 0,
    entries: rows.map(({ entry, actorEmail }): AuditEntryView => ({
      id: entry.id,
      actorId: entry.actorId,
      actorEmail,
      actorRole: entry.actorRole,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      before: entry.before ?? null,
      after: entry.after ?? null,
      reason: entry.reason,
      details: entry.details,
      ip: entry.ip,
      requestId: entry.requestId,
      createdAt: entry.createdAt.toISOString(),
    })),
  };
}
