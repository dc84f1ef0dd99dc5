import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { cpaLinks } from '../db/schema';
import { partnerLinkOf } from './visitor';

export type PartnerLink = NonNullable<ReturnType<typeof partnerLinkOf>>;

/**
 * The partner link a request names (x-cpa, x-cpa-uid) when it is a live link: an id that was never
 * issued, or a deleted link, is stored nowhere (no hit, no registration bound to it).
 */
export async function livePartnerLinkOf(db: Db, request: FastifyRequest): Promise<PartnerLink | null> {
  const link = partnerLinkOf(request);
  if (!link) return null;
  const [row] = await db
    .select({ id: cpaLinks.id })
    .from(cpaLinks)
    .where(and(eq(cpaLinks.id, link.linkId), isNull(cpaLinks.deletedAt)));
  return row ? link : null;
}
