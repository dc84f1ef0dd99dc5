import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { kycApplications, kycAttempts, media, users } from '../../db/schema';
import { recordAudit } from '../audit/record-audit';
import type { KycDeps } from './kyc-deps';

const DAY = 86_400_000;
/** Photos removed per transaction: a long backlog (the first run after years) goes in slices. */
const BATCH = 200;

/**
 * Which KYC photos may go (decision 023): a photo that a decision was made on is kept
 * KYC_RETENTION_DAYS after the application's latest decision (anti-money-laundering duties), then
 * deleted; a photo of a deleted account that no decision was ever made on goes at once, as there
 * is no duty to keep it. The latest decision is read from the attempts, because a resubmission
 * clears the application's own decidedAt while earlier attempts' photos still wait for their time.
 */
function duePhotos(deps: KycDeps) {
  const cutoff = new Date(deps.now().getTime() - deps.retentionDays * DAY);
  const latestDecision = sql<Date | null>`(select max(${kycAttempts.decidedAt}) from ${kycAttempts} where ${kycAttempts.applicationId} = ${kycApplications.id})`;
  return deps.db
    .select({
      mediaId: media.id,
      storageKey: media.storageKey,
      applicationId: kycApplications.id,
      accountDeleted: sql<boolean>`${users.deletedAt} is not null`,
    })
    .from(media)
    .innerJoin(kycApplications, eq(kycApplications.userId, media.userId))
    .innerJoin(users, eq(users.id, media.userId))
    .where(
      and(
        eq(media.album, 'kyc'),
        isNull(media.deletedAt),
        sql`(
          (${latestDecision} is not null and ${media.createdAt} <= ${latestDecision} and ${latestDecision} <= ${cutoff})
          or (${users.deletedAt} is not null and (${latestDecision} is null or ${media.createdAt} > ${latestDecision}))
        )`,
      ),
    )
    .orderBy(media.id)
    .limit(BATCH);
}

/**
 * Deletes the KYC photos whose time has come: the encrypted files first (a failure throws, and the
 * job tries again), then the media rows are marked deleted and the application records when; its
 * status, dates and attempts stay. Answers how many photos went.
 */
export async function purgeExpiredKycPhotos(deps: KycDeps): Promise<number> {
  let purged = 0;
  for (;;) {
    const due = await duePhotos(deps);
    if (due.length === 0) return purged;
    for (const photo of due) if (photo.storageKey) await deps.store.deletePrefix(photo.storageKey);
    const now = deps.now();
    await deps.db.transaction(async (tx) => {
      await tx
        .update(media)
        .set({ deletedAt: now })
        .where(
          inArray(
            media.id,
            due.map((photo) => photo.mediaId),
          ),
        );
      const byApplication = new Map<number, typeof due>();
      for (const photo of due)
        byApplication.set(photo.applicationId, [...(byApplication.get(photo.applicationId) ?? []), photo]);
      await tx
        .update(kycApplications)
        .set({ imagesDeletedAt: now })
        .where(inArray(kycApplications.id, [...byApplication.keys()]));
      for (const [applicationId, photos] of byApplication) {
        await recordAudit(tx, {
          actorId: null,
          action: 'kyc.images.delete',
          targetType: 'kyc_application',
          targetId: applicationId,
          details: {
            mediaIds: photos.map((photo) => photo.mediaId),
            accountDeleted: photos[0]!.accountDeleted,
          },
        });
      }
    });
    purged += due.length;
  }
}
