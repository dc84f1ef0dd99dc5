import { z } from 'zod';
import { NEWS_STATUSES } from '../constants';
import { MSG, withValues } from '../validation/messages';

export type NewsStatus = (typeof NEWS_STATUSES)[number];

export const NEWS_TITLE_MAX = 200;
export const NEWS_MARKDOWN_MAX = 20_000;

const inBothLanguages = <T extends z.ZodType>(value: T) => z.object({ en: value, ru: value });

/**
 * A news item as the public list shows it; both languages travel, the page picks one. `body` is
 * the Markdown already rendered to HTML and sanitised by the server, ready to be inserted as is.
 */
export const newsItemSchema = z.object({
  id: z.number().int(),
  status: z.enum(NEWS_STATUSES),
  title: inBothLanguages(z.string()),
  body: inBothLanguages(z.string()),
  image: z.string().nullable(),
  publishedAt: z.string().nullable(),
});
export type NewsItem = z.infer<typeof newsItemSchema>;

export const newsListQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

export const newsListSchema = z.object({ items: z.array(newsItemSchema), total: z.number().int() });
export type NewsList = z.infer<typeof newsListSchema>;

/** What admins see of an item: the public card plus the Markdown it came from. */
export const newsAdminItemSchema = newsItemSchema.extend({
  markdown: inBothLanguages(z.string()),
  imageMediaId: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type NewsAdminItem = z.infer<typeof newsAdminItemSchema>;

export const newsAdminListQuerySchema = newsListQuerySchema.extend({
  status: z.enum(NEWS_STATUSES, { error: MSG.invalidValue }).optional(),
});
export const newsAdminListSchema = z.object({ items: z.array(newsAdminItemSchema), total: z.number().int() });
export type NewsAdminList = z.infer<typeof newsAdminListSchema>;

const newsIdSchema = z.coerce.number({ error: MSG.invalidValue }).int().positive().max(2_147_483_647);
export const newsIdParamsSchema = z.object({ id: newsIdSchema });

const titleSchema = z
  .string({ error: MSG.required })
  .trim()
  .min(1, { error: MSG.required })
  .max(NEWS_TITLE_MAX, { error: withValues(MSG.maxLength, { n: NEWS_TITLE_MAX }) });
const markdownSchema = z
  .string({ error: MSG.required })
  .trim()
  .min(1, { error: MSG.required })
  .max(NEWS_MARKDOWN_MAX, { error: withValues(MSG.maxLength, { n: NEWS_MARKDOWN_MAX }) });

/** The editor's fields: both languages are required, the image (album `news`) is optional. */
export const newsFieldsSchema = z.object({
  title: inBothLanguages(titleSchema),
  markdown: inBothLanguages(markdownSchema),
  imageMediaId: newsIdSchema.nullable().default(null),
});
export type NewsFields = z.input<typeof newsFieldsSchema>;

/** POST /api/notif/news/ (SPEC.md section 7): without an id it adds a draft, with one it edits that item. */
export const newsSaveSchema = newsFieldsSchema.extend({ id: newsIdSchema.optional() });
export type NewsSave = z.input<typeof newsSaveSchema>;

/** The editor's live preview: Markdown in, the sanitised HTML the home page would show out. */
export const newsPreviewSchema = z.object({
  markdown: inBothLanguages(
    z.string().max(NEWS_MARKDOWN_MAX, { error: withValues(MSG.maxLength, { n: NEWS_MARKDOWN_MAX }) }),
  ),
});
export const newsPreviewResultSchema = z.object({ body: inBothLanguages(z.string()) });
