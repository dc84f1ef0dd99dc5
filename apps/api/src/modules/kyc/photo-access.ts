import { and, eq, isNull } from 'drizzle-orm';
import type { Role } from '@app/shared/constants';
import { kycApplications, media } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/record-audit';
import { readKycPhoto } from './kyc-photos';
import type { KycDeps } from './kyc-deps';
import { mayReview } from './moderation-service';
import { staffOf } from './staff';

/**
 * GET /api/media/kyc/{id}/{size}: the owner, and staff whose level covers the application; anyone
 * else gets NOT_FOUND (nothing tells them the photo exists). Every staff view is audited.
 */
export async function readKycPhotoFor(
  deps: KycDeps,
  viewer: { id: number; role: Role },
  mediaId: number,
  size: string,
  ip: string | null,
  /** The staff rules (admin host, second factor) for a photo that is not the viewer's own. */
  assertStaff: () => Promise<void> = async () => undefined,
): Promise<Buffer> {
  const [row] = await deps.db
    .select({ userId: media.userId, storageKey: media.storageKey })
    .from(media)
    .where(and(eq(media.id, mediaId), eq(media.album, 'kyc'), isNull(media.deletedAt)));
  if (!row) throw new AppError('NOT_FOUND');
  if (row.userId !== viewer.id) {
    if (viewer.role !== 'moderator' && viewer.role !== 'admin') throw new AppError('NOT_FOUND');
    await assertStaff();
    const staff = await staffOf(deps.db, viewer);
    const [app] = await deps.db
      .select({
        id: kycApplications.id,
        requestedType: kycApplications.requestedType,
        maxNftType: kycApplications.maxNftType,
      })
      .from(kycApplications)
      .where(eq(kycApplications.userId, row.userId));
    if (!app || !mayReview(staff, app)) throw new AppError('KYC_LEVEL_TOO_HIGH');
    await recordAudit(deps.db, {
      actorId: viewer.id,
      action: 'kyc.document.view',
      targetType: 'kyc_application',
      targetId: app.id,
      details: { mediaId, size },
      ip,
    });
  }
  const data = await readKycPhoto(deps, row.storageKey, size);
  if (!data) throw new AppError('NOT_FOUND');
  return data;
}
