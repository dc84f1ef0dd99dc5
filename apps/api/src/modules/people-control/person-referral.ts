import { and, count, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PersonDetail } from '@app/shared/schemas/people-control';
import type { Db } from '../../db/client';
import { referralFlags, users } from '../../db/schema';
import { one } from '../../db/rows';

/** How many of the person's self-referral flags the page shows; the flags screen has them all. */
const RECENT_FLAGS = 20;

/**
 * The person's page's referral section: the referrer (users.referrer_id, what an admin changes),
 * the direct referrals, and the self-referral flags on either side with the other person named.
 */
export async function referralOf(db: Db, userId: number, referrerId: number | null): Promise<PersonDetail['referral']> {
  const other = alias(users, 'other');
  // What names a person (the web's personName), of `users` or of its alias.
  const namedBy = (table: typeof users | typeof other) => ({
    id: table.id,
    email: table.email,
    domain: table.domain,
    firstName: table.firstName,
    lastName: table.lastName,
  });
  const involves = or(eq(referralFlags.beneficiaryId, userId), eq(referralFlags.referralId, userId));
  const [referrer, direct, flags, flagTotals] = await Promise.all([
    referrerId === null ? Promise.resolve([]) : db.select(namedBy(users)).from(users).where(eq(users.id, referrerId)),
    db
      .select({ total: count() })
      .from(users)
      .where(and(eq(users.referrerId, userId), isNull(users.deletedAt))),
    db
      .select({ flag: referralFlags, other: namedBy(other) })
      .from(referralFlags)
      // The other side: the referral when the person is the beneficiary, else the beneficiary.
      .innerJoin(
        other,
        eq(
          other.id,
          sql`case when ${referralFlags.beneficiaryId} = ${userId} then ${referralFlags.referralId} else ${referralFlags.beneficiaryId} end`,
        ),
      )
      .where(involves)
      .orderBy(desc(referralFlags.id))
      .limit(RECENT_FLAGS),
    db.select({ total: count() }).from(referralFlags).where(involves),
  ]);
  return {
    referrer: referrer[0] ?? null,
    directReferrals: one(direct).total,
    flags: flags.map((row) => ({
      id: row.flag.id,
      role: row.flag.beneficiaryId === userId ? ('beneficiary' as const) : ('referral' as const),
      other: row.other,
      reason: row.flag.reason,
      createdAt: row.flag.createdAt.toISOString(),
    })),
    flagsTotal: one(flagTotals).total,
  };
}
