import { asc, eq } from 'drizzle-orm';
import { KYC_REJECTION_MEETINGS, KYC_REVIEW_HOURS } from '@app/shared/constants';
import type { KycApplication, KycAttempt, KycNextAction, KycReason, KycStepState } from '@app/shared/schemas/kyc';
import type { Db, Tx } from '../../db/client';
import { kycApplications, kycAttempts, media } from '../../db/schema';
import { kycPhotoUrl } from './kyc-photos';
import { levelOrNull } from './levels';

export type ApplicationRow = typeof kycApplications.$inferSelect;
export type AttemptRow = typeof kycAttempts.$inferSelect;

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function attemptView(row: AttemptRow): KycAttempt {
  return {
    number: row.number,
    status: row.status,
    submittedAt: iso(row.submittedAt),
    decidedAt: iso(row.decidedAt),
    reasonCode: row.reasonCode as KycReason | null,
    moderatorComment: row.moderatorComment,
    revocation: row.revocation,
    annulledAt: iso(row.annulledAt),
  };
}

function nextAction(app: ApplicationRow): KycNextAction {
  switch (app.status) {
    case 'draft':
      if (!app.documentMediaId) return 'upload_document';
      return app.selfieMediaId ? 'submit' : 'upload_selfie';
    case 'requested':
      return 'wait_review';
    case 'approved':
      return 'none';
    case 'rejected':
      return 'resubmit';
    case 'rejected_forever':
      return 'contact_support';
  }
}

async function photoOf(db: Db | Tx, mediaId: number | null) {
  if (!mediaId) return null;
  const [row] = await db
    .select({ id: media.id, createdAt: media.createdAt, deletedAt: media.deletedAt })
    .from(media)
    .where(eq(media.id, mediaId));
  if (!row || row.deletedAt) return null;
  return { mediaId: row.id, url: kycPhotoUrl(row.id), uploadedAt: row.createdAt.toISOString() };
}

export async function photosOf(db: Db | Tx, app: Pick<ApplicationRow, 'documentMediaId' | 'selfieMediaId'>) {
  const [document, selfie] = await Promise.all([photoOf(db, app.documentMediaId), photoOf(db, app.selfieMediaId)]);
  return { document, selfie };
}

export async function attemptsOf(db: Db | Tx, applicationId: number): Promise<AttemptRow[]> {
  return db.select().from(kycAttempts).where(eq(kycAttempts.applicationId, applicationId)).orderBy(asc(kycAttempts.id));
}

/** The person's view: never the internal note, never who decided. */
export async function applicationView(
  db: Db | Tx,
  app: ApplicationRow | undefined,
  maxAttempts: number,
): Promise<KycApplication> {
  if (!app) {
    return {
      id: null,
      status: 'draft',
      version: 0,
      selfieCode: null,
      steps: {
        document: { state: 'todo', photo: null },
        selfie: { state: 'todo', photo: null },
        review: { state: 'todo', submittedAt: null, dueAt: null, decidedAt: null },
      },
      attempts: [],
      rejections: 0,
      maxAttempts,
      moderatorComment: null,
      reasonCode: null,
      maxNftType: null,
      revoked: false,
      meetingsUntilAnnulment: null,
      nextAction: 'upload_document',
      createdAt: null,
      updatedAt: null,
    };
  }
  const [{ document, selfie }, attempts] = await Promise.all([photosOf(db, app), attemptsOf(db, app.id)]);
  const submitted = app.status !== 'draft';
  const photoState = (present: boolean): KycStepState => (present || submitted ? 'done' : 'todo');
  const reviewState: KycStepState =
    app.status === 'draft'
      ? 'todo'
      : app.status === 'requested'
        ? 'waiting'
        : app.status === 'approved'
          ? 'approved'
          : 'rejected';
  return {
    id: app.id,
    status: app.status,
    version: app.version,
    selfieCode: app.status === 'draft' ? app.selfieCode : null,
    steps: {
      document: { state: photoState(document !== null), photo: document },
      selfie: { state: photoState(selfie !== null), photo: selfie },
      review: {
        state: reviewState,
        submittedAt: iso(app.submittedAt),
        dueAt: app.submittedAt
          ? new Date(app.submittedAt.getTime() + KYC_REVIEW_HOURS * 3_600_000).toISOString()
          : null,
        decidedAt: app.status === 'requested' ? null : iso(app.decidedAt),
      },
    },
    attempts: attempts.map(attemptView),
    rejections: app.rejections,
    maxAttempts,
    moderatorComment: app.moderatorComment,
    reasonCode: app.reasonCode as KycReason | null,
    maxNftType: app.status === 'approved' ? levelOrNull(app.maxNftType) : null,
    revoked: app.revoked,
    meetingsUntilAnnulment:
      app.status === 'rejected' ? Math.max(0, KYC_REJECTION_MEETINGS - app.meetingsSinceRejection) : null,
    nextAction: nextAction(app),
    createdAt: app.createdAt.toISOString(),
    updatedAt: app.updatedAt.toISOString(),
  };
}
