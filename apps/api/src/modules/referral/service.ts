import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { referralHits, users } from '../../db/schema';

/** Counts a visit through someone's referral link once per visitor; false for a code of nobody. */
export async function trackReferralHit(
  db: Db,
  referrerId: number,
  visitor: string,
): Promise<{ valid: boolean; counted: boolean }> {
  const [referrer] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, referrerId), isNull(users.deletedAt)));
  if (!referrer) return { valid: false, counted: false };
  const inserted = await db
    .insert(referralHits)
    .values({ referrerId, visitor })
    .onConflictDoNothing({ target: [referralHits.referrerId, referralHits.visitor] })
    .returning({ id: referralHits.id });
  return { valid: true, counted: inserted.length > 0 };
}
