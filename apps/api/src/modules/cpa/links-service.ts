import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { CpaLanding, CpaLink, CpaLinkCreate, CpaLinkUpdate } from '@app/shared/schemas/cpa';
import type { Db } from '../../db/client';
import { cpaHits, cpaLinks, users } from '../../db/schema';
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
    const [hits, regs] = await Promise.all([
      db
        .select({ linkId: cpaHits.linkId, n: sql<number>`count(*)::int` })
        .from(cpaHits)
        .where(inArray(cpaHits.linkId, ids))
        .groupBy(cpaHits.linkId),
      db
        .select({ linkId: users.cpaLinkId, n: sql<number>`count(*)::int` })
        .from(users)
        .where(inArray(users.cpaLinkId, ids))
        .groupBy(users.cpaLinkId),
    ]);
    const count = (list: { linkId: number | null; n: number }[], id: number) =>
      list.find((r) => r.linkId === id)?.n ?? 0;
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      landing: row.landing as CpaLanding,
      callbackUrl: row.callbackUrl,
      url: urlOf(row),
      hits: count(hits, row.id),
      regs: count(regs, row.id),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }));
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
          ...(patch.callbackUrl !== undefined && { callbackUrl: patch.callbackUrl }),
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
