import crypto from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CpaApplication, CpaPartnerState, CpaPartnerStatus } from '@app/shared/schemas/cpa-programme';
import type { Db } from '../../db/client';
import { cpaLinks, cpaPartners, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit, type AuditActor } from '../audit/record-audit';

/** During a rotation the previous secret signs too, so a partner has a day to switch their verifier. */
export const SECRET_OVERLAP_MS = 24 * 3_600_000;

/** A Standard Webhooks secret: whsec_ and 32 random bytes in base64. */
export const newSecret = () => `whsec_${crypto.randomBytes(32).toString('base64')}`;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function partnerState(db: Db, userId: number, now: Date): Promise<CpaPartnerState> {
  const [row] = await db.select().from(cpaPartners).where(eq(cpaPartners.userId, userId));
  if (!row)
    return {
      status: 'none',
      trafficSources: null,
      contact: null,
      rejectReason: null,
      appliedAt: null,
      secret: null,
      previousSecretUntil: null,
    };
  const approved = row.status === 'approved';
  return {
    status: row.status,
    trafficSources: row.trafficSources,
    contact: row.contact,
    rejectReason: row.rejectReason,
    appliedAt: row.appliedAt.toISOString(),
    secret: approved ? row.secret : null,
    previousSecretUntil: approved && row.previousUntil && row.previousUntil > now ? iso(row.previousUntil) : null,
  };
}

/** Applies, or applies again after a rejection; a pending or approved partner cannot apply twice. */
export async function applyAsPartner(db: Db, userId: number, input: CpaApplication): Promise<void> {
  const [existing] = await db.select().from(cpaPartners).where(eq(cpaPartners.userId, userId));
  if (existing && existing.status !== 'rejected') throw new AppError('CPA_ALREADY_APPLIED');
  const values = {
    status: 'applied' as const,
    trafficSources: input.trafficSources,
    contact: input.contact,
    rejectReason: null,
    appliedAt: new Date(),
    decidedAt: null,
    decidedBy: null,
  };
  await db
    .insert(cpaPartners)
    .values({ userId, secret: newSecret(), ...values })
    .onConflictDoUpdate({ target: cpaPartners.userId, set: values });
}

/** A new secret; the old one keeps signing for SECRET_OVERLAP_MS. */
export async function rotateSecret(db: Db, userId: number, now: Date): Promise<void> {
  const [row] = await db.select().from(cpaPartners).where(eq(cpaPartners.userId, userId));
  if (!row || row.status !== 'approved') throw new AppError('CPA_NOT_PARTNER');
  await db
    .update(cpaPartners)
    .set({
      secret: newSecret(),
      previousSecret: row.secret,
      previousUntil: new Date(now.getTime() + SECRET_OVERLAP_MS),
    })
    .where(eq(cpaPartners.userId, userId));
}

/** The secrets postbacks are signed with now: the current one, and the previous during a rotation. */
export async function signingSecrets(db: Db, userId: number, now: Date): Promise<string[]> {
  const [row] = await db.select().from(cpaPartners).where(eq(cpaPartners.userId, userId));
  if (!row) return [];
  return row.previousSecret && row.previousUntil && row.previousUntil > now
    ? [row.secret, row.previousSecret]
    : [row.secret];
}

/** An admin approves or rejects an application (or withdraws an approval); audit-logged. */
export async function decidePartner(
  db: Db,
  actor: AuditActor,
  userId: number,
  decision: { decision: 'approve' } | { decision: 'reject'; reason: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(cpaPartners).where(eq(cpaPartners.userId, userId)).for('update');
    if (!row) throw new AppError('NOT_FOUND');
    const status: CpaPartnerStatus = decision.decision === 'approve' ? 'approved' : 'rejected';
    await tx
      .update(cpaPartners)
      .set({
        status,
        rejectReason: decision.decision === 'reject' ? decision.reason : null,
        decidedAt: new Date(),
        decidedBy: actor.actorId,
      })
      .where(eq(cpaPartners.userId, userId));
    // The account's partner flag (SPEC.md's user record) follows the decision.
    await tx
      .update(users)
      .set({ isPartner: status === 'approved' })
      .where(eq(users.id, userId));
    // Rejecting an approved partner withdraws the approval: the log names it so.
    const action = decision.decision === 'approve' ? 'approve' : row.status === 'approved' ? 'revoke' : 'reject';
    await recordAudit(tx, {
      ...actor,
      action: `cpa.partner.${action}`,
      targetType: 'user',
      targetId: userId,
      before: { status: row.status },
      after: { status },
      reason: decision.decision === 'reject' ? decision.reason : null,
    });
  });
}

/** Partners for the admin list, newest application first, with the number of their live links. */
export async function listPartners(db: Db, status?: CpaPartnerStatus) {
  const rows = await db
    .select({
      userId: cpaPartners.userId,
      username: users.domain,
      email: users.email,
      status: cpaPartners.status,
      trafficSources: cpaPartners.trafficSources,
      contact: cpaPartners.contact,
      appliedAt: cpaPartners.appliedAt,
    })
    .from(cpaPartners)
    .innerJoin(users, eq(users.id, cpaPartners.userId))
    .where(status ? eq(cpaPartners.status, status) : undefined)
    .orderBy(sql`${cpaPartners.appliedAt} desc`)
    .limit(500);
  const ids = rows.map((r) => r.userId);
  const links = ids.length
    ? await db
        .select({ userId: cpaLinks.userId, n: sql<number>`count(*)::int` })
        .from(cpaLinks)
        .where(and(inArray(cpaLinks.userId, ids), sql`${cpaLinks.deletedAt} is null`))
        .groupBy(cpaLinks.userId)
    : [];
  return rows.map((r) => ({ ...r, links: links.find((l) => l.userId === r.userId)?.n ?? 0 }));
}
