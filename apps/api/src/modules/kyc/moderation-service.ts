import { and, asc, count, eq, ilike, ne, sql } from 'drizzle-orm';
import { KYC_REVIEW_HOURS } from '@app/shared/constants';
import {
  KYC_CLAIM_MINUTES,
  type KycDecisionRequest,
  type KycDetail,
  type KycList,
  type KycListItem,
  type KycListQuery,
  type KycReason,
  type StaffRef,
} from '@app/shared/schemas/kyc';
import type { Db, Tx } from '../../db/client';
import { kycApplications, kycAttempts, users, type PendingKycDecision } from '../../db/schema';
import { publish } from '../../events/event-bus';
import { AppError } from '../../lib/app-error';
import { dhashDistanceSql, SAME_DOCUMENT_MAX_DISTANCE } from '../../lib/dhash-distance';
import { recordAudit, type AuditActor } from '../audit/record-audit';
import { attemptView, attemptsOf, photosOf, type ApplicationRow } from './application-view';
import type { KycDeps } from './kyc-deps';
import { levelOfType, levelOrNull, typeOfLevel } from './levels';
import type { Staff } from './staff';

/** The level an application is about: what the person asked for or already holds, whichever is higher. */
export const applicationType = (app: Pick<ApplicationRow, 'requestedType' | 'maxNftType'>) =>
  Math.max(app.requestedType, app.maxNftType ?? 0);

/** Staff may see an application's documents and decide it only up to their own level. */
export const mayReview = (staff: Staff, app: Pick<ApplicationRow, 'requestedType' | 'maxNftType'>) =>
  applicationType(app) <= staff.maxType;

const HOUR = 3_600_000;

async function duplicatesOf(db: Db | Tx, app: ApplicationRow) {
  if (!app.documentHash) return [];
  const distance = dhashDistanceSql(app.documentHash, sql`${kycAttempts.documentHash}`);
  const rows = await db
    .selectDistinctOn([kycApplications.id], {
      applicationId: kycApplications.id,
      userId: kycApplications.userId,
      status: kycApplications.status,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      distance,
    })
    .from(kycAttempts)
    .innerJoin(kycApplications, eq(kycApplications.id, kycAttempts.applicationId))
    .innerJoin(users, eq(users.id, kycApplications.userId))
    .where(
      and(
        ne(kycApplications.userId, app.userId),
        sql`${kycAttempts.documentHash} is not null`,
        sql`${distance} <= ${SAME_DOCUMENT_MAX_DISTANCE}`,
      ),
    )
    .orderBy(kycApplications.id, distance);
  return rows.map((row) => ({
    applicationId: row.applicationId,
    userId: row.userId,
    name: [row.firstName, row.lastName].filter(Boolean).join(' ') || row.email,
    status: row.status,
    distance: Number(row.distance),
  }));
}

async function staffRefs(db: Db | Tx, ids: (number | null | undefined)[]): Promise<Map<number, StaffRef>> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(sql`${users.id} in ${wanted}`);
  return new Map(
    rows.map((row) => [
      row.id,
      { id: row.id, name: [row.firstName, row.lastName].filter(Boolean).join(' ') || row.email },
    ]),
  );
}

type Joined = { app: ApplicationRow; user: typeof users.$inferSelect };

async function listItem(
  db: Db | Tx,
  staff: Staff,
  row: Joined,
  now: Date,
  refs: Map<number, StaffRef>,
): Promise<KycListItem> {
  const { app, user } = row;
  const claimed = app.claimedBy !== null && app.claimedUntil !== null && app.claimedUntil > now;
  return {
    id: app.id,
    userId: app.userId,
    firstName: user.firstName,
    lastName: user.lastName,
    domain: user.domain,
    status: app.status,
    requestedNftType: levelOfType(app.requestedType),
    maxNftType: app.status === 'approved' ? levelOrNull(app.maxNftType) : null,
    attemptNumber: app.attemptNumber,
    submittedAt: app.submittedAt?.toISOString() ?? null,
    overdue:
      app.status === 'requested' &&
      app.submittedAt !== null &&
      now.getTime() - app.submittedAt.getTime() > KYC_REVIEW_HOURS * HOUR,
    claimedBy: claimed ? (refs.get(app.claimedBy!) ?? null) : null,
    claimedUntil: claimed ? app.claimedUntil!.toISOString() : null,
    duplicate: (await duplicatesOf(db, app)).length > 0,
    awaitingConfirmation: app.pendingDecision !== null,
    canDecide: mayReview(staff, app),
    version: app.version,
  };
}

/** GET /api/kyc/moderate/list: oldest submission first; drafts only when asked for. */
export async function listApplications(deps: KycDeps, staff: Staff, query: KycListQuery): Promise<KycList> {
  const where = and(
    query.status ? eq(kycApplications.status, query.status) : ne(kycApplications.status, 'draft'),
    query.lastName ? ilike(users.lastName, `${query.lastName.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({ app: kycApplications, user: users })
      .from(kycApplications)
      .innerJoin(users, eq(users.id, kycApplications.userId))
      .where(where)
      .orderBy(sql`${kycApplications.submittedAt} asc nulls last`, asc(kycApplications.id))
      .offset(query.offset)
      .limit(query.limit),
    deps.db
      .select({ n: count() })
      .from(kycApplications)
      .innerJoin(users, eq(users.id, kycApplications.userId))
      .where(where),
  ]);
  const now = deps.now();
  const refs = await staffRefs(
    deps.db,
    rows.map((row) => row.app.claimedBy),
  );
  const items = [];
  for (const row of rows) items.push(await listItem(deps.db, staff, row, now, refs));
  return { items, total: total?.n ?? 0 };
}

async function loadJoined(db: Db | Tx, id: number, lock: boolean): Promise<Joined> {
  const query = db
    .select({ app: kycApplications, user: users })
    .from(kycApplications)
    .innerJoin(users, eq(users.id, kycApplications.userId))
    .where(eq(kycApplications.id, id));
  const [row] = lock ? await query.for('update', { of: kycApplications }) : await query;
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

async function detailOf(db: Db | Tx, deps: KycDeps, staff: Staff, row: Joined): Promise<KycDetail> {
  const { app, user } = row;
  const [attempts, photos, duplicates] = await Promise.all([
    attemptsOf(db, app.id),
    photosOf(db, app),
    duplicatesOf(db, app),
  ]);
  const pending = app.pendingDecision;
  const refs = await staffRefs(db, [
    app.claimedBy,
    pending?.proposedBy,
    ...attempts.flatMap((a) => [a.decidedBy, a.confirmedBy]),
  ]);
  const item = await listItem(db, staff, row, deps.now(), refs);
  return {
    ...item,
    duplicate: duplicates.length > 0,
    email: user.email,
    surName: user.surName,
    birthday: user.birthday?.toISOString() ?? null,
    selfieCode: app.selfieCode,
    document: photos.document,
    selfie: photos.selfie,
    moderatorComment: app.moderatorComment,
    reasonCode: app.reasonCode as KycReason | null,
    internalNote: app.internalNote,
    rejections: app.rejections,
    maxAttempts: deps.maxAttempts,
    attempts: attempts.map((a) => ({
      ...attemptView(a),
      internalNote: a.internalNote,
      decidedBy: a.decidedBy ? (refs.get(a.decidedBy) ?? null) : null,
      confirmedBy: a.confirmedBy ? (refs.get(a.confirmedBy) ?? null) : null,
      selfieCode: a.selfieCode,
    })),
    duplicates,
    pendingDecision: pending
      ? {
          status: pending.status,
          reasonCode: pending.reasonCode as KycReason | null,
          moderatorComment: pending.moderatorComment,
          internalNote: pending.internalNote,
          maxNftType: null,
          revocation: pending.revocation,
          proposedBy: refs.get(pending.proposedBy) ?? { id: pending.proposedBy, name: '' },
          proposedAt: pending.proposedAt,
        }
      : null,
    imagesDeletedAt: app.imagesDeletedAt?.toISOString() ?? null,
    createdAt: app.createdAt.toISOString(),
    updatedAt: app.updatedAt.toISOString(),
  };
}

export async function getApplicationDetail(
  deps: KycDeps,
  staff: Staff,
  id: number,
  actor: AuditActor,
): Promise<KycDetail> {
  const row = await loadJoined(deps.db, id, false);
  if (!mayReview(staff, row.app)) throw new AppError('KYC_LEVEL_TOO_HIGH');
  await recordAudit(deps.db, {
    action: 'kyc.application.view',
    targetType: 'kyc_application',
    targetId: id,
    ...actor,
  });
  return detailOf(deps.db, deps, staff, row);
}

/** Runs a staff change under the row lock, after the level rule and the version check. */
async function underLock<T>(
  deps: KycDeps,
  staff: Staff,
  id: number,
  version: number | null,
  change: (tx: Tx, row: Joined) => Promise<T>,
): Promise<KycDetail> {
  return deps.db.transaction(async (tx) => {
    const row = await loadJoined(tx, id, true);
    if (!mayReview(staff, row.app)) throw new AppError('KYC_LEVEL_TOO_HIGH');
    // The row is locked: a decision that committed first changed the version, so this one loses.
    if (version !== null && row.app.version !== version) throw new AppError('KYC_VERSION_CONFLICT');
    await change(tx, row);
    return detailOf(tx, deps, staff, await loadJoined(tx, id, false));
  });
}

export async function claimApplication(deps: KycDeps, staff: Staff, id: number, release: boolean, actor: AuditActor) {
  return underLock(deps, staff, id, null, async (tx, { app }) => {
    const now = deps.now();
    const heldByOther =
      app.claimedBy !== null && app.claimedBy !== staff.id && app.claimedUntil !== null && app.claimedUntil > now;
    if (release) {
      if (app.claimedBy !== staff.id) return;
      await tx.update(kycApplications).set({ claimedBy: null, claimedUntil: null }).where(eq(kycApplications.id, id));
    } else {
      if (heldByOther) throw new AppError('KYC_CLAIMED');
      await tx
        .update(kycApplications)
        .set({ claimedBy: staff.id, claimedUntil: new Date(now.getTime() + KYC_CLAIM_MINUTES * 60_000) })
        .where(eq(kycApplications.id, id));
    }
    await recordAudit(tx, {
      action: release ? 'kyc.release' : 'kyc.claim',
      targetType: 'kyc_application',
      targetId: id,
      ...actor,
    });
  });
}

export async function saveInternalNote(deps: KycDeps, staff: Staff, id: number, note: string, actor: AuditActor) {
  return underLock(deps, staff, id, null, async (tx, { app }) => {
    await tx
      .update(kycApplications)
      .set({ internalNote: note || null, version: app.version + 1, updatedAt: deps.now() })
      .where(eq(kycApplications.id, id));
    await recordAudit(tx, { ...actor, action: 'kyc.note', targetType: 'kyc_application', targetId: id });
  });
}

interface Decision {
  status: 'approved' | 'rejected' | 'rejected_forever';
  maxNftType: number | null;
  reasonCode: string | null;
  moderatorComment: string | null;
  internalNote: string | null;
  revocation: boolean;
}

/** Writes a decision: the application, its attempt (or a revocation row), the event, the audit. */
async function applyDecision(
  tx: Tx,
  deps: KycDeps,
  app: ApplicationRow,
  decision: Decision,
  by: { decidedBy: number; confirmedBy: number | null; actor: AuditActor },
) {
  const now = deps.now();
  const countsAsRejection = !decision.revocation && decision.status !== 'approved' && app.status === 'requested';
  const [latest] = await tx
    .select()
    .from(kycAttempts)
    .where(and(eq(kycAttempts.applicationId, app.id), eq(kycAttempts.status, 'requested')))
    .orderBy(sql`${kycAttempts.id} desc`)
    .limit(1);
  const attemptValues = {
    status: decision.status,
    decidedAt: now,
    decidedBy: by.decidedBy,
    confirmedBy: by.confirmedBy,
    maxNftType: decision.maxNftType,
    reasonCode: decision.reasonCode,
    moderatorComment: decision.moderatorComment,
    internalNote: decision.internalNote,
    revocation: decision.revocation,
  };
  if (latest) await tx.update(kycAttempts).set(attemptValues).where(eq(kycAttempts.id, latest.id));
  else await tx.insert(kycAttempts).values({ applicationId: app.id, number: app.attemptNumber, ...attemptValues });
  await tx
    .update(kycApplications)
    .set({
      status: decision.status,
      maxNftType: decision.status === 'approved' ? decision.maxNftType : null,
      reasonCode: decision.reasonCode,
      moderatorComment: decision.moderatorComment,
      internalNote: decision.internalNote ?? app.internalNote,
      revoked: decision.revocation,
      rejections: app.rejections + (countsAsRejection ? 1 : 0),
      meetingsSinceRejection: 0,
      decidedAt: now,
      pendingDecision: null,
      claimedBy: null,
      claimedUntil: null,
      version: app.version + 1,
      updatedAt: now,
    })
    .where(eq(kycApplications.id, app.id));
  await publish(tx, 'kyc.decided', {
    userId: app.userId,
    applicationId: app.id,
    status: decision.status,
    maxNftType: decision.status === 'approved' ? decision.maxNftType : null,
  });
  await recordAudit(tx, {
    ...by.actor,
    action: by.confirmedBy ? 'kyc.decision.confirm' : 'kyc.decide',
    targetType: 'kyc_application',
    targetId: app.id,
    details: {
      status: decision.status,
      from: app.status,
      maxNftType: decision.maxNftType,
      reasonCode: decision.reasonCode,
      revocation: decision.revocation,
      decidedBy: by.decidedBy,
    },
    before: { status: app.status },
    after: { status: decision.status, maxNftType: decision.maxNftType },
  });
}

/**
 * PATCH /api/kyc/moderate/{id}. From requested: approve (with maxNftType up to the moderator's
 * level), reject (a reason), reject forever. From approved: reject is a revocation. Once the
 * rejections reach KYC_MAX_ATTEMPTS the next is final. A final rejection and a revocation wait for
 * a second staff member.
 */
export async function decideApplication(
  deps: KycDeps,
  staff: Staff,
  id: number,
  body: KycDecisionRequest,
  actor: AuditActor,
): Promise<KycDetail> {
  return underLock(deps, staff, id, body.version, async (tx, { app }) => {
    if (app.pendingDecision) throw new AppError('KYC_CONFIRMATION_PENDING');
    const allowedFrom: Record<KycDecisionRequest['status'], ApplicationRow['status'][]> = {
      approved: ['requested'],
      rejected: ['requested', 'approved'],
      rejected_forever: ['requested', 'approved', 'rejected'],
    };
    if (!allowedFrom[body.status].includes(app.status)) throw new AppError('KYC_TRANSITION_NOT_ALLOWED');
    let maxNftType: number | null = null;
    if (body.status === 'approved') {
      if (!body.maxNftType) throw new AppError('KYC_MAX_TYPE_REQUIRED');
      maxNftType = typeOfLevel(body.maxNftType);
      if (maxNftType > staff.maxType) throw new AppError('KYC_LEVEL_TOO_HIGH');
    } else if (!body.reasonCode) {
      throw new AppError('KYC_REASON_REQUIRED');
    }
    const revocation = app.status === 'approved';
    const status =
      body.status === 'rejected' && app.status === 'requested' && app.rejections >= deps.maxAttempts
        ? 'rejected_forever'
        : body.status;
    const decision: Decision = {
      status,
      maxNftType,
      reasonCode: body.reasonCode ?? null,
      moderatorComment: body.moderatorComment || null,
      internalNote: body.internalNote || null,
      revocation,
    };
    if (status === 'rejected_forever' || revocation) {
      const pending: PendingKycDecision = {
        status: status as PendingKycDecision['status'],
        reasonCode: decision.reasonCode,
        moderatorComment: decision.moderatorComment,
        internalNote: decision.internalNote,
        revocation,
        proposedBy: staff.id,
        proposedAt: deps.now().toISOString(),
      };
      await tx
        .update(kycApplications)
        .set({ pendingDecision: pending, version: app.version + 1, updatedAt: deps.now() })
        .where(eq(kycApplications.id, id));
      await recordAudit(tx, {
        action: 'kyc.decision.propose',
        targetType: 'kyc_application',
        targetId: id,
        details: { status, from: app.status, reasonCode: decision.reasonCode, revocation },
        ...actor,
      });
      return;
    }
    await applyDecision(tx, deps, app, decision, { decidedBy: staff.id, confirmedBy: null, actor });
  });
}

/** POST /api/kyc/moderate/{id}/confirm: another staff member confirms or discards the waiting decision. */
export async function confirmDecision(
  deps: KycDeps,
  staff: Staff,
  id: number,
  body: { confirm: boolean; version: number },
  actor: AuditActor,
): Promise<KycDetail> {
  return underLock(deps, staff, id, body.version, async (tx, { app }) => {
    const pending = app.pendingDecision;
    if (!pending) throw new AppError('KYC_NOTHING_TO_CONFIRM');
    if (pending.proposedBy === staff.id) throw new AppError('KYC_SECOND_STAFF_REQUIRED');
    if (!body.confirm) {
      await tx
        .update(kycApplications)
        .set({ pendingDecision: null, version: app.version + 1, updatedAt: deps.now() })
        .where(eq(kycApplications.id, id));
      await recordAudit(tx, {
        action: 'kyc.decision.discard',
        targetType: 'kyc_application',
        targetId: id,
        details: { status: pending.status, proposedBy: pending.proposedBy },
        ...actor,
      });
      return;
    }
    await applyDecision(
      tx,
      deps,
      app,
      {
        status: pending.status,
        maxNftType: null,
        reasonCode: pending.reasonCode,
        moderatorComment: pending.moderatorComment,
        internalNote: pending.internalNote,
        revocation: pending.revocation,
      },
      { decidedBy: pending.proposedBy, confirmedBy: staff.id, actor },
    );
  });
}
