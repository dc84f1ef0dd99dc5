import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { auditLog } from '../../db/schema';

export interface AuditEntry {
  /** The staff member (or person) who acted; null for the system. */
  actorId: number | null;
  /** The actor's role at the time ('system' for none). */
  actorRole?: string | null;
  /** A dotted verb, e.g. `kyc.decide`, `kyc.document.view`, `staff.designate`. */
  action: string;
  targetType: string;
  targetId: string | number;
  /** What changed, as the fields that changed read before and after. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** The staff member's own words, when the action asks for them. */
  reason?: string | null;
  details?: Record<string, unknown>;
  ip?: string | null;
  requestId?: string | null;
}

/** Who acted, from where, in which request: the part of an entry every staff route has. */
export type AuditActor = Pick<AuditEntry, 'actorId' | 'actorRole' | 'ip' | 'requestId'>;

export function auditActor(request: FastifyRequest): AuditActor {
  return {
    actorId: request.auth?.id ?? null,
    actorRole: request.auth?.role ?? null,
    ip: request.ip,
    requestId: String(request.id),
  };
}

/**
 * Appends one row to the audit log, in the caller's transaction so the record commits with the
 * action it describes. The table refuses updates and deletes (a trigger), so what is written stays.
 */
export async function recordAudit(db: Db | Tx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    actorRole: entry.actorRole ?? (entry.actorId === null ? 'system' : null),
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
    details: entry.details ?? {},
    ip: entry.ip ?? null,
    requestId: entry.requestId ?? null,
  });
}
