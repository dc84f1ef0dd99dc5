import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { newsListQuerySchema, newsListSchema } from '@app/shared/schemas/news';
import type { Db } from '../../db/client';
import { listPublishedNews } from './service';

/** SPEC.md section 7 "GET /notif/news/": the public list (the admin side comes with /control). */
export const newsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/news/',
    {
      schema: {
        tags: ['news'],
        summary: 'Published news, newest first',
        querystring: newsListQuerySchema,
        response: { 200: newsListSchema },
      },
    },
    async (request) => listPublishedNews(db, request.query.offset, request.query.limit),
  );
};
