import crypto from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { NFT_TYPE } from '@app/shared/constants';
import { KYC_SELFIE_CODE_LENGTH, type KycApplication, type KycLevel, type KycPhotoStep } from '@app/shared/schemas/kyc';
import type { UploadedMedia } from '@app/shared/schemas/media';
import { englishText } from '@app/shared/locales/english-text';
import { MSG } from '@app/shared/validation/messages';
import type { Tx } from '../../db/client';
import { kycApplications, kycAttempts, media } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { applicationView, type ApplicationRow } from './application-view';
import { differenceHash, processKycImage } from './kyc-image';
import { removeKycFiles, writeKycPhoto } from './kyc-photos';
import type { KycDeps } from './kyc-deps';
import { typeOfLevel } from './levels';

/** Digits and capitals without look-alikes (0/O, 1/I): written by hand and read off a photo. */
const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export function newSelfieCode(): string {
  return Array.from(crypto.randomBytes(KYC_SELFIE_CODE_LENGTH), (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join(
    '',
  );
}

export async function loadApplication(db: KycDeps['db'] | Tx, userId: number, lock = false) {
  const query = db.select().from(kycApplications).where(eq(kycApplications.userId, userId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function getApplication(deps: KycDeps, userId: number): Promise<KycApplication> {
  return applicationView(deps.db, await loadApplication(deps.db, userId), deps.maxAttempts);
}

/** Marks draft photos deleted that no attempt keeps, and answers their storage keys for removal. */
async function dropDraftPhotos(tx: Tx, ids: (number | null)[]): Promise<string[]> {
  const keys: string[] = [];
  for (const id of ids) {
    if (!id) continue;
    const [kept] = await tx
      .select({ id: kycAttempts.id })
      .from(kycAttempts)
      .where(eq(kycAttempts.documentMediaId, id))
      .union(tx.select({ id: kycAttempts.id }).from(kycAttempts).where(eq(kycAttempts.selfieMediaId, id)));
    if (kept) continue;
    const [row] = await tx
      .update(media)
      .set({ deletedAt: new Date() })
      .where(and(eq(media.id, id), isNull(media.deletedAt)))
      .returning({ storageKey: media.storageKey });
    if (row) keys.push(row.storageKey);
  }
  return keys;
}

/**
 * The draft the person works on, made when missing; a rejected application opens its next attempt
 * (earlier attempts stay on record). Decided-for-good and waiting applications cannot change.
 */
async function openDraft(deps: KycDeps, tx: Tx, userId: number, level?: KycLevel): Promise<ApplicationRow> {
  const wanted = level ? typeOfLevel(level) : NFT_TYPE.GOLD;
  const app = await loadApplication(tx, userId, true);
  const now = deps.now();
  if (!app) {
    const [created] = await tx
      .insert(kycApplications)
      .values({ userId, requestedType: wanted, selfieCode: newSelfieCode(), createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning();
    // Two first calls at once: the other made it; take it under the lock.
    return created ?? (await loadApplication(tx, userId, true))!;
  }
  if (app.status === 'rejected_forever') throw new AppError('KYC_REJECTED_FOREVER');
  if (app.status === 'requested') throw new AppError('KYC_UNDER_REVIEW');
  if (app.status === 'approved') throw new AppError('KYC_ALREADY_APPROVED');
  const requestedType = Math.max(app.requestedType, level ? wanted : app.requestedType);
  if (app.status === 'draft' && requestedType === app.requestedType) return app;
  const reopen = app.status === 'rejected';
  const [updated] = await tx
    .update(kycApplications)
    .set({
      requestedType,
      version: app.version + 1,
      updatedAt: now,
      ...(reopen && {
        status: 'draft' as const,
        attemptNumber: app.attemptNumber + 1,
        selfieCode: newSelfieCode(),
        documentMediaId: null,
        selfieMediaId: null,
        documentHash: null,
        meetingsSinceRejection: 0,
      }),
    })
    .where(eq(kycApplications.id, app.id))
    .returning();
  return updated!;
}

export async function startApplication(deps: KycDeps, userId: number, level?: KycLevel): Promise<KycApplication> {
  const app = await deps.db.transaction(async (tx) => {
    const current = await loadApplication(tx, userId, true);
    // Opening the page again must not fail for a decided application: it shows where things stand.
    if (current && current.status !== 'draft' && current.status !== 'rejected') return current;
    return openDraft(deps, tx, userId, level);
  });
  return applicationView(deps.db, app, deps.maxAttempts);
}

/** A fresh code for the selfie; a selfie taken with the old code no longer counts. */
export async function renewSelfieCode(deps: KycDeps, userId: number): Promise<KycApplication> {
  const { app, removed } = await deps.db.transaction(async (tx) => {
    const draft = await openDraft(deps, tx, userId);
    const removed = await dropDraftPhotos(tx, [draft.selfieMediaId]);
    const [app] = await tx
      .update(kycApplications)
      .set({ selfieCode: newSelfieCode(), selfieMediaId: null, version: draft.version + 1, updatedAt: deps.now() })
      .where(eq(kycApplications.id, draft.id))
      .returning();
    return { app: app!, removed };
  });
  for (const key of removed) await removeKycFiles(deps, key);
  return applicationView(deps.db, app, deps.maxAttempts);
}

/** POST /api/media with album `kyc`: the document or the selfie of the current draft. */
export async function uploadKycPhoto(
  deps: KycDeps,
  input: { userId: number; step: KycPhotoStep | undefined; targetId: number | undefined; file: Buffer },
): Promise<UploadedMedia> {
  if (!input.step) {
    throw new AppError('VALIDATION_ERROR', {
      fields: [{ path: 'step', key: MSG.required, message: englishText(MSG.required) }],
    });
  }
  // Decoded and checked before anything is written: a bad file leaves no trace.
  const { variants, upright } = await processKycImage(input.file);
  const hash = input.step === 'document' ? await differenceHash(upright) : null;
  let written: string | undefined;
  try {
    const { uploaded, removed } = await deps.db.transaction(async (tx) => {
      const draft = await openDraft(deps, tx, input.userId);
      if (input.targetId !== undefined && input.targetId !== draft.id) throw new AppError('FORBIDDEN');
      const uploaded = await writeKycPhoto(deps, tx, input.userId, variants, (key) => (written = key));
      const replaced = input.step === 'document' ? draft.documentMediaId : draft.selfieMediaId;
      const removed = await dropDraftPhotos(tx, [replaced]);
      await tx
        .update(kycApplications)
        .set({
          ...(input.step === 'document'
            ? { documentMediaId: uploaded.id, documentHash: hash }
            : { selfieMediaId: uploaded.id }),
          version: draft.version + 1,
          updatedAt: deps.now(),
        })
        .where(eq(kycApplications.id, draft.id));
      return { uploaded, removed };
    });
    for (const key of removed) await removeKycFiles(deps, key);
    return uploaded;
  } catch (error) {
    if (written) await removeKycFiles(deps, written);
    throw error;
  }
}

/** Sends the draft to the moderators: a new attempt, waiting for review. */
export async function submitApplication(deps: KycDeps, userId: number, version?: number): Promise<KycApplication> {
  const app = await deps.db.transaction(async (tx) => {
    const app = await loadApplication(tx, userId, true);
    if (!app || app.status === 'rejected' || (app.status === 'draft' && !app.documentMediaId)) {
      throw new AppError('KYC_DOCUMENT_REQUIRED');
    }
    if (app.status === 'requested') throw new AppError('KYC_UNDER_REVIEW');
    if (app.status === 'approved') throw new AppError('KYC_ALREADY_APPROVED');
    if (app.status === 'rejected_forever') throw new AppError('KYC_REJECTED_FOREVER');
    if (!app.selfieMediaId) throw new AppError('KYC_SELFIE_REQUIRED');
    if (version !== undefined && version !== app.version) throw new AppError('KYC_VERSION_CONFLICT');
    const now = deps.now();
    await tx.insert(kycAttempts).values({
      applicationId: app.id,
      number: app.attemptNumber,
      status: 'requested',
      documentMediaId: app.documentMediaId,
      selfieMediaId: app.selfieMediaId,
      documentHash: app.documentHash,
      selfieCode: app.selfieCode,
      submittedAt: now,
    });
    const [updated] = await tx
      .update(kycApplications)
      .set({
        status: 'requested',
        submittedAt: now,
        decidedAt: null,
        moderatorComment: null,
        reasonCode: null,
        internalNote: null,
        revoked: false,
        version: app.version + 1,
        updatedAt: now,
      })
      .where(eq(kycApplications.id, app.id))
      .returning();
    return updated!;
  });
  return applicationView(deps.db, app, deps.maxAttempts);
}
