import { and, desc, eq, sql } from 'drizzle-orm';
import type { CpaConversionStatus, CpaRejectReason, CpaRewards } from '@app/shared/schemas/cpa-programme';
import type { Db } from '../../db/client';
import { cpaConversions, cpaLinks } from '../../db/schema';
import { fromWei } from '../../lib/wei';

/** GET /api/cpa/rewards: the partner's conversions, newest first, with the sums by status. */
export async function listRewards(
  db: Db,
  partnerId: number,
  query: { status?: CpaConversionStatus; offset: number; limit: number },
): Promise<CpaRewards> {
  const where = and(
    eq(cpaConversions.partnerId, partnerId),
    query.status ? eq(cpaConversions.status, query.status) : undefined,
  );
  const [rows, [count], sums] = await Promise.all([
    db
      .select({ conversion: cpaConversions, linkName: cpaLinks.name })
      .from(cpaConversions)
      .innerJoin(cpaLinks, eq(cpaLinks.id, cpaConversions.linkId))
      .where(where)
      .orderBy(desc(cpaConversions.id))
      .offset(query.offset)
      .limit(query.limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(cpaConversions)
      .where(where),
    db
      .select({ status: cpaConversions.status, sum: sql<string>`coalesce(sum(${cpaConversions.payout}), 0)::text` })
      .from(cpaConversions)
      .where(eq(cpaConversions.partnerId, partnerId))
      .groupBy(cpaConversions.status),
  ]);
  const sumOf = (status: CpaConversionStatus) => fromWei(sums.find((s) => s.status === status)?.sum ?? '0');
  return {
    rewards: rows.map(({ conversion: c, linkName }) => ({
      id: c.id,
      linkId: c.linkId,
      linkName,
      action: c.action,
      status: c.status,
      reason: (c.reason as CpaRejectReason | null) ?? null,
      payout: fromWei(c.payout),
      uid: c.uid,
      createdAt: c.createdAt.toISOString(),
      holdUntil: c.holdUntil.toISOString(),
    })),
    total: count?.n ?? 0,
    sums: { pending: sumOf('pending'), approved: sumOf('approved'), paid: sumOf('paid'), rejected: sumOf('rejected') },
  };
}
