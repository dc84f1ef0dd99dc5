import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type {
  NewsAdminItem,
  NewsAdminList,
  NewsItem,
  NewsList,
  NewsStatus,
  newsFieldsSchema,
} from '@app/shared/schemas/news';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { media, news } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit, type AuditActor } from '../audit/record-audit';
import { renderNewsMarkdown } from './markdown';

type NewsRow = typeof news.$inferSelect;
type NewsFields = z.output<typeof newsFieldsSchema>;

export interface NewsDeps {
  db: Db;
  /** Marks an image of album `news` deleted and removes its files (the media module's side). */
  discardImage: (mediaId: number) => Promise<void>;
}

/** The largest stored variant: the home page's card is up to about 400 CSS pixels wide. */
const imageUrl = (mediaId: number) => `/api/media/image/${mediaId}/large`;

export function toNewsItem(row: NewsRow): NewsItem {
  return {
    id: row.id,
    status: row.status,
    title: { en: row.titleEn, ru: row.titleRu },
    body: { en: renderNewsMarkdown(row.bodyEn), ru: renderNewsMarkdown(row.bodyRu) },
    image: row.imageMediaId ? imageUrl(row.imageMediaId) : null,
    publishedAt: row.publishedAt?.toISOString() ?? null,
  };
}

function toAdminItem(row: NewsRow): NewsAdminItem {
  return {
    ...toNewsItem(row),
    markdown: { en: row.bodyEn, ru: row.bodyRu },
    imageMediaId: row.imageMediaId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of an item: everything an admin can change. */
const snapshot = (row: NewsRow) => ({
  status: row.status,
  titleEn: row.titleEn,
  titleRu: row.titleRu,
  bodyEn: row.bodyEn,
  bodyRu: row.bodyRu,
  imageMediaId: row.imageMediaId,
  publishedAt: row.publishedAt?.toISOString() ?? null,
});

/** Only the fields that changed, as they read before and after. */
function changes(before: NewsRow, after: NewsRow) {
  const was = snapshot(before);
  const now = snapshot(after);
  const keys = (Object.keys(now) as (keyof typeof now)[]).filter((key) => was[key] !== now[key]);
  return {
    before: Object.fromEntries(keys.map((key) => [key, was[key]])),
    after: Object.fromEntries(keys.map((key) => [key, now[key]])),
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

/** Admins' list: every item or those of one status, the latest edited first. */
export async function listNewsForStaff(
  db: Db,
  query: { status?: NewsStatus; offset: number; limit: number },
): Promise<NewsAdminList> {
  const where = query.status ? eq(news.status, query.status) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(news)
      .where(where)
      .orderBy(desc(news.updatedAt), desc(news.id))
      .offset(query.offset)
      .limit(query.limit),
    db.select({ value: count() }).from(news).where(where),
  ]);
  return { items: rows.map(toAdminItem), total: total?.value ?? 0 };
}

export async function readNews(db: Db, id: number): Promise<NewsAdminItem> {
  const [row] = await db.select().from(news).where(eq(news.id, id));
  if (!row) throw new AppError('NOT_FOUND');
  return toAdminItem(row);
}

async function lockNews(tx: Tx, id: number): Promise<NewsRow> {
  const [row] = await tx.select().from(news).where(eq(news.id, id)).for('update');
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** The image must be a live upload of album `news`: anything else would show a broken or private picture. */
async function checkImage(tx: Tx, mediaId: number | null) {
  if (mediaId === null) return;
  const [found] = await tx
    .select({ id: media.id })
    .from(media)
    .where(and(eq(media.id, mediaId), eq(media.album, 'news'), isNull(media.deletedAt)));
  if (!found)
    throw new AppError('VALIDATION_ERROR', {
      fields: [{ path: 'imageMediaId', key: 'msg.invalid-value', message: 'Invalid value' }],
    });
}

const columns = (fields: NewsFields) => ({
  titleEn: fields.title.en,
  titleRu: fields.title.ru,
  bodyEn: fields.markdown.en,
  bodyRu: fields.markdown.ru,
  imageMediaId: fields.imageMediaId,
});

/**
 * A replaced or orphaned image goes once the change that let it go has committed, unless another
 * item still shows it (an admin may put one picture on two items).
 */
async function discardAfter(deps: NewsDeps, mediaId: number | null | undefined) {
  if (!mediaId) return;
  const [stillShown] = await deps.db.select({ id: news.id }).from(news).where(eq(news.imageMediaId, mediaId)).limit(1);
  if (!stillShown) await deps.discardImage(mediaId);
}

/** Adds a draft (no id) or edits an item (with its id); a published item stays published. */
export async function saveNews(
  deps: NewsDeps,
  actor: AuditActor,
  input: NewsFields & { id?: number },
): Promise<NewsAdminItem> {
  const { id, ...fields } = input;
  const { row, replacedImage } = await deps.db.transaction(async (tx) => {
    await checkImage(tx, fields.imageMediaId);
    if (id === undefined) {
      const [created] = await tx.insert(news).values(columns(fields)).returning();
      await recordAudit(tx, {
        ...actor,
        action: 'news.create',
        targetType: 'news',
        targetId: created!.id,
        after: snapshot(created!),
      });
      return { row: created!, replacedImage: null };
    }
    const before = await lockNews(tx, id);
    const [updated] = await tx.update(news).set(columns(fields)).where(eq(news.id, id)).returning();
    const diff = changes(before, updated!);
    if (Object.keys(diff.after).length)
      await recordAudit(tx, { ...actor, action: 'news.update', targetType: 'news', targetId: id, ...diff });
    const replaced = before.imageMediaId !== updated!.imageMediaId ? before.imageMediaId : null;
    return { row: updated!, replacedImage: replaced };
  });
  await discardAfter(deps, replacedImage);
  return toAdminItem(row);
}

/** Publishes (dated now, so it leads the home page) or takes back to a draft; the same state again changes nothing. */
export async function setNewsStatus(
  deps: NewsDeps,
  actor: AuditActor,
  id: number,
  status: NewsStatus,
): Promise<NewsAdminItem> {
  const row = await deps.db.transaction(async (tx) => {
    const before = await lockNews(tx, id);
    if (before.status === status) return before;
    const [updated] = await tx
      .update(news)
      .set({ status, publishedAt: status === 'PUBLISHED' ? new Date() : before.publishedAt })
      .where(eq(news.id, id))
      .returning();
    await recordAudit(tx, {
      ...actor,
      action: status === 'PUBLISHED' ? 'news.publish' : 'news.unpublish',
      targetType: 'news',
      targetId: id,
      ...changes(before, updated!),
    });
    return updated!;
  });
  return toAdminItem(row);
}

export async function deleteNews(deps: NewsDeps, actor: AuditActor, id: number): Promise<void> {
  const removed = await deps.db.transaction(async (tx) => {
    const before = await lockNews(tx, id);
    await tx.delete(news).where(eq(news.id, id));
    await recordAudit(tx, {
      ...actor,
      action: 'news.delete',
      targetType: 'news',
      targetId: id,
      before: snapshot(before),
    });
    return before;
  });
  await discardAfter(deps, removed.imageMediaId);
}
