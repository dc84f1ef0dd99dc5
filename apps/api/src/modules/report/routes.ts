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
import { assignReportRequestSchema, staffReasonRequestSchema } from '@app/shared/schemas/people-control';
import type { Db } from '../../db/client';
import { auditActor } from '../audit/record-audit';
import { assignReport, blockReported, dismissReport, warnReported, type AccountBlocker } from './decisions';
import { createReport, listReports, resolveReport } from './service';

const bearer = [{ bearer: [] }];

/** SPEC.md section 7 "Reports". Routes only parse, call one service function and answer. */
export const reportRoutes: FastifyPluginAsyncZod<{ db: Db; blocker: AccountBlocker }> = async (
  app,
  { db, blocker },
) => {
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
        summary: 'The report queue: most waiting reports on one person first (admins and moderators)',
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
    async (request) => resolveReport(db, auditActor(request), request.params.id, request.body),
  );
  app.post(
    '/:id/assign',
    {
      preHandler: app.requireRole('admin', 'moderator'),
      schema: {
        tags,
        summary: 'Take a report: it becomes ASSIGNED to the caller (admins and moderators)',
        security: bearer,
        params: reportParamsSchema,
        body: assignReportRequestSchema,
        response: { 200: reportSchema },
      },
    },
    async (request) => assignReport(db, auditActor(request), request.params.id, request.body.reason),
  );
  const decision = {
    preHandler: app.requireRole('admin'),
    schema: {
      tags,
      security: bearer,
      params: reportParamsSchema,
      body: staffReasonRequestSchema,
      response: { 200: reportSchema },
    },
  };
  app.post(
    '/:id/dismiss',
    { ...decision, schema: { ...decision.schema, summary: 'Dismiss a report (admins)' } },
    async (request) => dismissReport(db, auditActor(request), request.params.id, request.body.reason),
  );
  app.post(
    '/:id/warn',
    {
      ...decision,
      schema: { ...decision.schema, summary: 'Resolve by warning the person: push and mail with the reason (admins)' },
    },
    async (request) => warnReported(db, auditActor(request), request.params.id, request.body.reason),
  );
  app.post(
    '/:id/block',
    {
      ...decision,
      schema: { ...decision.schema, summary: "Resolve by blocking the person's account (admins)" },
    },
    async (request) => blockReported(db, blocker, auditActor(request), request.params.id, request.body.reason),
  );
};
