import { z } from 'zod';
import { NEWS_STATUSES } from '../constants';

/** A news item as the public list shows it; both languages travel, the page picks one. */
export const newsItemSchema = z.object({
  id: z.number().int(),
  status: z.enum(NEWS_STATUSES),
  title: z.object({ en: z.string(), ru: z.string() }),
  body: z.object({ en: z.string(), ru: z.string() }),
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
