import type { Db } from '../../db/client';
import { cpaHits } from '../../db/schema';

/** True when this visitor had not been counted for the link before. */
export async function recordPartnerHit(
  db: Db,
  linkId: number,
  visitor: string,
  partnerUid: string | null,
): Promise<boolean> {
  const inserted = await db
    .insert(cpaHits)
    .values({ linkId, visitor, partnerUid })
    .onConflictDoNothing({ target: [cpaHits.linkId, cpaHits.visitor] })
    .returning({ id: cpaHits.id });
  return inserted.length > 0;
}
