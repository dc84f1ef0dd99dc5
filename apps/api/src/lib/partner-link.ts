import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { cpaLinks } from '../db/schema';
import type { partnerLinkOf } from './visitor';

export type PartnerLink = NonNullable<ReturnType<typeof partnerLinkOf>>;

/**
 * The partner link a request names (partnerLinkOf) when it is a live link: an id that was never
 * issued, or a deleted link, is stored nowhere (no hit, no registration bound to it).
 */
export async function livePartnerLink(db: Db, link: PartnerLink | null): Promise<PartnerLink | null> {
  if (!link) return null;
  const [row] = await db
    .select({ id: cpaLinks.id })
    .from(cpaLinks)
    .where(and(eq(cpaLinks.id, link.linkId), isNull(cpaLinks.deletedAt)));
  return row ? link : null;
}
