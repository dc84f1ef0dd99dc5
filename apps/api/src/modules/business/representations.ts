import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { CompanyCard, CompanyImage } from '@app/shared/schemas/business';
import type { Db, Tx } from '../../db/client';
import { companies, media } from '../../db/schema';

export type CompanyRow = typeof companies.$inferSelect;

/** The public URL of a company's image (media album channel_photos). */
export const imageOf = (id: number): CompanyImage => ({ id, url: `/api/media/image/${id}` });

/** The photos attached to each company (media rows of album channel_photos targeting it), oldest first. */
export async function photosOf(db: Db | Tx, companyIds: number[]): Promise<Map<number, CompanyImage[]>> {
  const byCompany = new Map<number, CompanyImage[]>();
  if (!companyIds.length) return byCompany;
  const rows = await db
    .select({ id: media.id, targetId: media.targetId })
    .from(media)
    .where(and(eq(media.album, 'channel_photos'), inArray(media.targetId, companyIds), isNull(media.deletedAt)))
    .orderBy(asc(media.id));
  for (const row of rows) {
    const list = byCompany.get(row.targetId!) ?? [];
    list.push(imageOf(row.id));
    byCompany.set(row.targetId!, list);
  }
  return byCompany;
}

export function toCard(row: CompanyRow, photos: CompanyImage[]): CompanyCard {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    website: row.website,
    description: row.description,
    logo: row.logoId ? imageOf(row.logoId) : null,
    photos,
    place: row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null,
  };
}
