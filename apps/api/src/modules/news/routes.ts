import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  newsAdminItemSchema,
  newsAdminListQuerySchema,
  newsAdminListSchema,
  newsIdParamsSchema,
  newsListQuerySchema,
  newsListSchema,
  newsPreviewResultSchema,
  newsPreviewSchema,
  newsSaveSchema,
} from '@app/shared/schemas/news';
import { auditActor } from '../audit/record-audit';
import { renderNewsMarkdown } from './markdown';
import {
  deleteNews,
  listNewsForStaff,
  listPublishedNews,
  readNews,
  saveNews,
  setNewsStatus,
  type NewsDeps,
} from './service';

const bearer = [{ bearer: [] }];

/**
 * SPEC.md section 7 "POST and GET /notif/news/; DELETE /notif/news/{id}": the public list, and
 * the admins' side (every change audit-logged). What SPEC.md leaves out (the staff list, one
 * item, publishing, the editor's preview) sits beside them under the same path.
 */
export const newsRoutes: FastifyPluginAsyncZod<NewsDeps> = async (app, deps) => {
  const { db } = deps;
  const staffOnly = [app.authenticate, app.requireRole('admin')];

  app.get(
    '/news/',
    {
      schema: {
        tags: ['news'],
        summary: 'Published news, newest first (bodies as sanitised HTML, both languages)',
        querystring: newsListQuerySchema,
        response: { 200: newsListSchema },
      },
    },
    async (request, reply) => {
      // A change shows at once: neither the browser nor a proxy may answer from an older copy.
      reply.header('cache-control', 'no-cache');
      return listPublishedNews(db, request.query.offset, request.query.limit);
    },
  );

  app.post(
    '/news/',
    {
      preHandler: staffOnly,
      schema: {
        tags: ['news'],
        summary: 'Admins: add a draft (no id) or edit an item (with its id); Markdown in both languages',
        security: bearer,
        body: newsSaveSchema,
        response: { 200: newsAdminItemSchema, 201: newsAdminItemSchema },
      },
    },
    async (request, reply) => {
      const item = await saveNews(deps, auditActor(request), request.body);
      return reply.status(request.body.id === undefined ? 201 : 200).send(item);
    },
  );

  app.get(
    '/news/staff',
    {
      preHandler: staffOnly,
      schema: {
        tags: ['news'],
        summary: 'Admins: every item (drafts too), the latest edited first, filtered by status',
        security: bearer,
        querystring: newsAdminListQuerySchema,
        response: { 200: newsAdminListSchema },
      },
    },
    async (request) => listNewsForStaff(db, request.query),
  );

  app.post(
    '/news/preview',
    {
      preHandler: staffOnly,
      schema: {
        tags: ['news'],
        summary: 'Admins: the sanitised HTML the home page would show for this Markdown (nothing is saved)',
        security: bearer,
        body: newsPreviewSchema,
        response: { 200: newsPreviewResultSchema },
      },
    },
    async (request) => ({
      body: { en: renderNewsMarkdown(request.body.markdown.en), ru: renderNewsMarkdown(request.body.markdown.ru) },
    }),
  );

  app.get(
    '/news/:id',
    {
      preHandler: staffOnly,
      schema: {
        tags: ['news'],
        summary: 'Admins: one item with its Markdown',
        security: bearer,
        params: newsIdParamsSchema,
        response: { 200: newsAdminItemSchema },
      },
    },
    async (request) => readNews(db, request.params.id),
  );

  for (const [action, status] of [
    ['publish', 'PUBLISHED'],
    ['unpublish', 'DRAFT'],
  ] as const) {
    app.post(
      `/news/:id/${action}`,
      {
        preHandler: staffOnly,
        schema: {
          tags: ['news'],
          summary:
            action === 'publish'
              ? 'Admins: publish an item; it leads the home page at once'
              : 'Admins: take an item off the home page (back to a draft)',
          security: bearer,
          params: newsIdParamsSchema,
          response: { 200: newsAdminItemSchema },
        },
      },
      async (request) => setNewsStatus(deps, auditActor(request), request.params.id, status),
    );
  }

  app.delete(
    '/news/:id',
    {
      preHandler: staffOnly,
      schema: {
        tags: ['news'],
        summary: 'Admins: delete an item and its image',
        security: bearer,
        params: newsIdParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteNews(deps, auditActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
