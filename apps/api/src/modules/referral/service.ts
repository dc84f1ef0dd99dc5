import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { referralHits, users } from '../../db/schema';

/**
 * Counts a visit through someone's referral link once per visitor and once per origin (see
 * originOf); false for a code of nobody.
 */
export async function trackReferralHit(
  db: Db,
  referrerId: number,
  visitor: string,
  origin: string,
): Promise<{ valid: boolean; counted: boolean }> {
  const [referrer] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, referrerId), isNull(users.deletedAt)));
  if (!referrer) return { valid: false, counted: false };
  const inserted = await db
    .insert(referralHits)
    .values({ referrerId, visitor, origin })
    // Either unique index: the visitor id or the origin already counted for this referrer.
    .onConflictDoNothing()
    .returning({ id: referralHits.id });
  return { valid: true, counted: inserted.length > 0 };
}
