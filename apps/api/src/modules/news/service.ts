import { count, desc, eq } from 'drizzle-orm';
import type { NewsItem, NewsList } from '@app/shared/schemas/news';
import type { Db } from '../../db/client';
import { news } from '../../db/schema';

type NewsRow = typeof news.$inferSelect;

export function toNewsItem(row: NewsRow): NewsItem {
  return {
    id: row.id,
    status: row.status,
    title: { en: row.titleEn, ru: row.titleRu },
    body: { en: row.bodyEn, ru: row.bodyRu },
    image: row.imageMediaId ? `/api/media/image/${row.imageMediaId}` : null,
    publishedAt: row.publishedAt?.toISOString() ?? null,
  };
}

/** Published news, newest first. */
export async function listPublishedNews(db: Db, offset: number, limit: number): Promise<NewsList> {
  const published = eq(news.status, 'PUBLISHED');
  const [rows, [total]] = await Promise.all([
    db.select().from(news).where(published).orderBy(desc(news.publishedAt), desc(news.id)).offset(offset).limit(limit),
    db.select({ value: count() }).from(news).where(published),
  ]);
  return { items: rows.map(toNewsItem), total: total?.value ?? 0 };
}
