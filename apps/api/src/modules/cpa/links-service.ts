import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { CpaLanding, CpaLink, CpaLinkCreate, CpaLinkUpdate } from '@app/shared/schemas/cpa';
import type { Db } from '../../db/client';
import { cpaAttributions, cpaConversions, cpaHits, cpaLinks, cpaPayouts } from '../../db/schema';
import { fromWei } from '../../lib/wei';
import { AppError } from '../../lib/app-error';

type LinkRow = typeof cpaLinks.$inferSelect;

/** Partner links: their owner's CRUD, with hits and registrations counted from the records. */
export function createLinksService(deps: { db: Db; publicUrl: string; now: () => number }) {
  const { db } = deps;

  const urlOf = (row: LinkRow) => {
    const url = new URL(row.landing, deps.publicUrl);
    url.searchParams.set('cpa', String(row.id));
    return url.toString();
  };

  async function present(rows: LinkRow[]): Promise<CpaLink[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [hits, regs, money] = await Promise.all([
      db
        .select({ linkId: cpaHits.linkId, n: sql<number>`count(*)::int` })
        .from(cpaHits)
        .where(inArray(cpaHits.linkId, ids))
        .groupBy(cpaHits.linkId),
      db
        .select({ linkId: cpaAttributions.linkId, n: sql<number>`count(*)::int` })
        .from(cpaAttributions)
        .where(inArray(cpaAttributions.linkId, ids))
        .groupBy(cpaAttributions.linkId),
      db
        .select({
          linkId: cpaConversions.linkId,
          value: sql<string>`coalesce(sum(${cpaConversions.value}), 0)::text`,
          profit: sql<string>`coalesce(sum(${cpaConversions.payout}) filter (where ${cpaConversions.status} in ('approved', 'paid')), 0)::text`,
          paid: sql<string>`coalesce(sum(${cpaConversions.payout}) filter (where ${cpaPayouts.status} = 'paid'), 0)::text`,
        })
        .from(cpaConversions)
        .leftJoin(cpaPayouts, eq(cpaPayouts.id, cpaConversions.payoutId))
        .where(inArray(cpaConversions.linkId, ids))
        .groupBy(cpaConversions.linkId),
    ]);
    const count = (list: { linkId: number | null; n: number }[], id: number) =>
      list.find((r) => r.linkId === id)?.n ?? 0;
    return rows.map((row) => {
      const sums = money.find((m) => m.linkId === row.id);
      return {
        id: row.id,
        name: row.name,
        landing: row.landing as CpaLanding,
        callbackUrl: row.callbackUrl,
        url: urlOf(row),
        hits: count(hits, row.id),
        regs: count(regs, row.id),
        value: fromWei(sums?.value ?? '0'),
        profit: fromWei(sums?.profit ?? '0'),
        paid: fromWei(sums?.paid ?? '0'),
        callbackDisabled: row.callbackDisabledAt !== null,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      };
    });
  }

  /** A live link of `ownerId`; another person's link, or a deleted one, is not found. */
  async function ownLink(ownerId: number, id: number): Promise<LinkRow> {
    const [row] = await db
      .select()
      .from(cpaLinks)
      .where(and(eq(cpaLinks.id, id), eq(cpaLinks.userId, ownerId), isNull(cpaLinks.deletedAt)));
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  return {
    async list(ownerId: number): Promise<CpaLink[]> {
      const rows = await db
        .select()
        .from(cpaLinks)
        .where(and(eq(cpaLinks.userId, ownerId), isNull(cpaLinks.deletedAt)))
        .orderBy(desc(cpaLinks.id));
      return present(rows);
    },

    async create(ownerId: number, input: CpaLinkCreate): Promise<CpaLink> {
      const [row] = await db
        .insert(cpaLinks)
        .values({ userId: ownerId, name: input.name, landing: input.landing, callbackUrl: input.callbackUrl ?? null })
        .returning();
      return (await present([row!]))[0]!;
    },

    async update(ownerId: number, id: number, patch: CpaLinkUpdate): Promise<CpaLink> {
      await ownLink(ownerId, id);
      const [row] = await db
        .update(cpaLinks)
        .set({
          ...(patch.name !== undefined && { name: patch.name }),
          ...(patch.landing !== undefined && { landing: patch.landing }),
          // Saving a callback URL (again) turns postbacks back on after a 410.
          ...(patch.callbackUrl !== undefined && { callbackUrl: patch.callbackUrl, callbackDisabledAt: null }),
          updatedAt: new Date(deps.now()),
        })
        .where(and(eq(cpaLinks.id, id), isNull(cpaLinks.deletedAt)))
        .returning();
      if (!row) throw new AppError('NOT_FOUND');
      return (await present([row]))[0]!;
    },

    /** Keeps the row (its hits and registrations stay on record); the link counts nothing new. */
    async remove(ownerId: number, id: number): Promise<void> {
      await ownLink(ownerId, id);
      await db
        .update(cpaLinks)
        .set({ deletedAt: new Date(deps.now()) })
        .where(and(eq(cpaLinks.id, id), isNull(cpaLinks.deletedAt)));
    },
  };
}

export type LinksService = ReturnType<typeof createLinksService>;
