import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuerySchema } from '@app/shared/schemas/audit';
import type { Db } from '../../db/client';
import { listAudit } from './audit-list';

/**
 * Admins: the audit log, read only. The log has no update or delete path anywhere in the code
 * (rows are only appended by recordAudit) and the database refuses both (a trigger).
 */
export const auditRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRoute', app.staffOnly('admin'));

  app.get(
    '/',
    {
      schema: {
        tags: ['control'],
        summary: 'Admins: every staff action, newest first, filtered by actor, action, target and period',
        security: [{ bearer: [] }],
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema },
      },
    },
    (request) => listAudit(db, request.query),
  );
};
