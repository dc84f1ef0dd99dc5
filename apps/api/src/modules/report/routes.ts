import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  reportCreatedSchema,
  reportListQuerySchema,
  reportListSchema,
  reportParamsSchema,
  reportRequestSchema,
  reportSchema,
  resolveReportRequestSchema,
} from '@app/shared/schemas/chat';
import type { Db } from '../../db/client';
import { createReport, listReports, resolveReport } from './service';

const bearer = [{ bearer: [] }];

/** SPEC.md section 7 "Reports". Routes only parse, call one service function and answer. */
export const reportRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ['report'];
  app.addHook('preHandler', app.authenticate);

  app.post(
    '/',
    {
      config: { rateLimit: app.rateLimits.sensitive },
      schema: {
        tags,
        summary: 'Report a user (optionally one of their messages)',
        security: bearer,
        body: reportRequestSchema,
        response: { 200: reportCreatedSchema },
      },
    },
    async (request) => createReport(db, request.auth!.id, request.body),
  );
  app.get(
    '/list',
    {
      preHandler: app.requireRole('admin', 'moderator'),
      schema: {
        tags,
        summary: 'Reports, newest first (admins and moderators)',
        security: bearer,
        querystring: reportListQuerySchema,
        response: { 200: reportListSchema },
      },
    },
    async (request) => listReports(db, request.query),
  );
  app.patch(
    '/:id',
    {
      preHandler: app.requireRole('admin'),
      schema: {
        tags,
        summary: 'Resolve or dismiss a report (admins)',
        security: bearer,
        params: reportParamsSchema,
        body: resolveReportRequestSchema,
        response: { 200: reportSchema },
      },
    },
    async (request) => resolveReport(db, request.auth!.id, request.params.id, request.body),
  );
};
