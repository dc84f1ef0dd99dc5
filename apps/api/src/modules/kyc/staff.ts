import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { NFT_TYPE, type Role } from '@app/shared/constants';
import type { KycLevel, StaffDesignationRequest, StaffMember } from '@app/shared/schemas/kyc';
import type { Db, Tx } from '../../db/client';
import { staffLevels, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/record-audit';
import { levelOfType, typeOfLevel } from './levels';

/** A staff member as the rules see them: admins decide every level. */
export interface Staff {
  id: number;
  role: Role;
  /** The highest NFT type they may decide; Infinity for admins. */
  maxType: number;
}

/** Loads the caller as staff, or FORBIDDEN: every staff call checks on the server. */
export async function staffOf(db: Db | Tx, viewer: { id: number; role: Role }): Promise<Staff> {
  if (viewer.role === 'admin') return { id: viewer.id, role: 'admin', maxType: Infinity };
  if (viewer.role !== 'moderator') throw new AppError('FORBIDDEN');
  const [row] = await db
    .select({ level: staffLevels.level })
    .from(staffLevels)
    .where(eq(staffLevels.userId, viewer.id));
  // A moderator without a level decides only Silver, which needs no KYC: in effect nothing yet.
  return { id: viewer.id, role: 'moderator', maxType: row?.level ?? NFT_TYPE.SILVER };
}

const nameOf = (row: { firstName: string | null; lastName: string | null; domain: string | null; email: string }) =>
  [row.firstName, row.lastName].filter(Boolean).join(' ') || row.domain || row.email;

export async function listStaff(db: Db): Promise<{ items: StaffMember[] }> {
  const rows = await db
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      domain: users.domain,
      role: users.role,
      level: staffLevels.level,
    })
    .from(users)
    .leftJoin(staffLevels, eq(staffLevels.userId, users.id))
    .where(inArray(users.role, ['moderator', 'admin']))
    .orderBy(asc(users.id));
  return {
    items: rows.map((row) => ({
      userId: row.userId,
      email: row.email,
      name: nameOf(row),
      role: row.role,
      level: row.role === 'admin' || row.level === null ? null : levelOfType(row.level),
    })),
  };
}

/**
 * Sets a person's role (and a moderator's level). Used by admins through the API and by
 * `npm run user:role`; recorded in the audit log either way.
 */
export async function setRole(
  db: Db,
  target: { userId: number },
  change: { role: Role; level?: KycLevel },
  /**
   * `source` and `operator` name a system actor (id null), e.g. the operator's shell; a staff
   * route passes its role, request id and the admin's reason for the audit row.
   */
  actor: {
    id: number | null;
    ip?: string | null;
    source?: string;
    operator?: string;
    role?: string | null;
    requestId?: string | null;
    reason?: string | null;
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: users.id, role: users.role, level: staffLevels.level })
      .from(users)
      .leftJoin(staffLevels, eq(staffLevels.userId, users.id))
      .where(eq(users.id, target.userId))
      .for('update', { of: users });
    if (!row) throw new AppError('USER_NOT_FOUND');
    await tx.update(users).set({ role: change.role }).where(eq(users.id, row.id));
    const level = change.level ? typeOfLevel(change.level) : null;
    if (change.role === 'moderator' && level !== null) {
      await tx
        .insert(staffLevels)
        .values({ userId: row.id, level, grantedBy: actor.id })
        .onConflictDoUpdate({ target: staffLevels.userId, set: { level, grantedBy: actor.id, updatedAt: new Date() } });
    } else if (change.role !== 'moderator') {
      await tx.delete(staffLevels).where(eq(staffLevels.userId, row.id));
    }
    await recordAudit(tx, {
      actorId: actor.id,
      actorRole: actor.role,
      requestId: actor.requestId,
      reason: actor.reason,
      action: 'staff.role',
      targetType: 'user',
      targetId: row.id,
      before: { role: row.role, level: row.role === 'moderator' && row.level !== null ? levelOfType(row.level) : null },
      after: {
        role: change.role,
        level:
          change.role === 'moderator' ? (change.level ?? (row.level === null ? null : levelOfType(row.level))) : null,
      },
      details: {
        from: row.role,
        to: change.role,
        level: change.level ?? null,
        ...(actor.source && { source: actor.source }),
        ...(actor.operator && { operator: actor.operator }),
      },
      ip: actor.ip,
    });
  });
}

/** PUT /api/kyc/moderators/{userId}: admins designate moderators; another admin is not theirs to change. */
export async function designateStaff(
  db: Db,
  admin: { id: number; role: Role; ip: string | null },
  userId: number,
  body: StaffDesignationRequest,
): Promise<void> {
  if (admin.role !== 'admin') throw new AppError('FORBIDDEN');
  const [target] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  if (!target) throw new AppError('USER_NOT_FOUND');
  if (target.role === 'admin') throw new AppError('FORBIDDEN');
  await setRole(db, { userId }, { role: body.role, level: body.role === 'moderator' ? body.level : undefined }, admin);
}

/** ADMIN_EMAILS: these accounts are admins (at start, and once they register). */
export async function promoteAdminEmails(db: Db | Tx, emails: readonly string[], userId?: number): Promise<number[]> {
  if (emails.length === 0) return [];
  const promoted = await db
    .update(users)
    .set({ role: 'admin' })
    .where(
      and(
        inArray(sql`lower(${users.email})`, [...emails]),
        ne(users.role, 'admin'),
        userId === undefined ? undefined : eq(users.id, userId),
      ),
    )
    .returning({ id: users.id });
  for (const { id } of promoted) {
    await recordAudit(db, {
      actorId: null,
      action: 'staff.role',
      targetType: 'user',
      targetId: id,
      details: { to: 'admin', source: 'ADMIN_EMAILS' },
    });
  }
  return promoted.map((row) => row.id);
}
