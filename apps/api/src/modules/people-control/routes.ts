import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  peopleListSchema,
  peopleQuerySchema,
  personDetailSchema,
  personParamsSchema,
  setRoleRequestSchema,
  staffReasonRequestSchema,
} from '@app/shared/schemas/people-control';
import { AppError } from '../../lib/app-error';
import { auditActor } from '../audit/record-audit';
import type { PeopleControlDeps } from './people-control-deps';
import { listPeople, personDetail } from './people-service';

const bearer = [{ bearer: [] }];
const ok = z.object({ ok: z.literal(true) });

/** /api/control/people: admins only (moderators decide KYC and take reports, not accounts). */
export const peopleControlRoutes: FastifyPluginAsyncZod<{ deps: PeopleControlDeps }> = async (app, { deps }) => {
  const tags = ['control'];
  app.addHook('onRoute', app.staffOnly('admin'));

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Search people by id, e-mail, nickname or name (admins)',
        security: bearer,
        querystring: peopleQuerySchema,
        response: { 200: peopleListSchema },
      },
    },
    async (request) => listPeople(deps.db, request.query),
  );
  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: "A person's profile, wallet, tokens, transactions, KYC, reports and sessions (admins)",
        security: bearer,
        params: personParamsSchema,
        response: { 200: personDetailSchema },
      },
    },
    async (request) => personDetail(deps.db, request.params.id),
  );
  app.post(
    '/:id/block',
    {
      schema: {
        tags,
        summary: 'Block the account: sessions end, sockets close, the hand drops (admins)',
        security: bearer,
        params: personParamsSchema,
        body: staffReasonRequestSchema,
        response: { 200: ok },
      },
    },
    async (request) => {
      await deps.blocks.block(auditActor(request), request.params.id, request.body.reason);
      return { ok: true as const };
    },
  );
  app.post(
    '/:id/unblock',
    {
      schema: {
        tags,
        summary: 'Lift the block (admins)',
        security: bearer,
        params: personParamsSchema,
        body: staffReasonRequestSchema,
        response: { 200: ok },
      },
    },
    async (request) => {
      await deps.blocks.unblock(auditActor(request), request.params.id, request.body.reason);
      return { ok: true as const };
    },
  );
  app.put(
    '/:id/role',
    {
      schema: {
        tags,
        summary: "Set the role and a moderator's level (admins)",
        security: bearer,
        params: personParamsSchema,
        body: setRoleRequestSchema,
        response: { 200: ok },
      },
    },
    async (request) => {
      const actor = auditActor(request);
      // An admin cannot take their own rights away by a slip: another admin does it.
      if (request.params.id === actor.actorId) throw new AppError('SELF_ACTION_NOT_ALLOWED');
      const { role, level, reason } = request.body;
      await deps.setRole(
        { userId: request.params.id },
        { role, level },
        { id: actor.actorId, role: actor.actorRole, ip: actor.ip, requestId: actor.requestId, reason },
      );
      return { ok: true as const };
    },
  );
};
