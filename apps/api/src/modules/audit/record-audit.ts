import type { Db, Tx } from '../../db/client';
import { auditLog } from '../../db/schema';

export interface AuditEntry {
  /** The staff member (or person) who acted; null for the system. */
  actorId: number | null;
  /** A dotted verb, e.g. `kyc.decide`, `kyc.document.view`, `staff.designate`. */
  action: string;
  targetType: string;
  targetId: string | number;
  details?: Record<string, unknown>;
  ip?: string | null;
}

/**
 * Appends one row to the audit log, in the caller's transaction so the record commits with the
 * action it describes. The table refuses updates and deletes (a trigger), so what is written stays.
 */
export async function recordAudit(db: Db | Tx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    details: entry.details ?? {},
    ip: entry.ip ?? null,
  });
}
