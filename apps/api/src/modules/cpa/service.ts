import type { Db } from '../../db/client';
import { cpaHits } from '../../db/schema';

/** True when neither this visitor nor this origin (see originOf) had been counted for the link. */
export async function recordPartnerHit(
  db: Db,
  hit: { linkId: number; visitor: string; origin: string; partnerUid: string | null; landing: string | null },
): Promise<boolean> {
  const inserted = await db
    .insert(cpaHits)
    .values(hit)
    // Either unique index: the visitor id or the origin already counted for this link.
    .onConflictDoNothing()
    .returning({ id: cpaHits.id });
  return inserted.length > 0;
}
