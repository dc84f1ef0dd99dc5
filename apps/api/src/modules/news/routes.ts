import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { newsListQuerySchema, newsListSchema } from '@app/shared/schemas/news';
import { listPublishedNews } from './service';

/** SPEC.md section 7 "GET /notif/news/": the public list (the admin side comes with /control). */
export const newsRoutes: FastifyPluginAsyncZod = async (app) => {
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
    async (request) => listPublishedNews(app.database.db, request.query.offset, request.query.limit),
  );
};
