import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okSchema } from '@app/shared/schemas/auth';
import {
  endAllSessionsRequestSchema,
  endedSessionsSchema,
  sessionIdParamsSchema,
  sessionListSchema,
} from '@app/shared/schemas/sessions';
import type { SessionService } from './session-service';

const bearer = [{ bearer: [] }];

/** Logout on the server and the sessions list of /account/data, under /api/user. */
export const sessionRoutes: FastifyPluginAsyncZod<{ sessions: SessionService }> = async (app, { sessions }) => {
  app.addHook('preHandler', app.authenticate);

  app.post(
    '/logout',
    {
      schema: {
        tags: ['user'],
        summary: 'Log out this device: its token stops working and its sockets close',
        security: bearer,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await sessions.end(request.auth!.id, request.auth!.sessionId, 'logout');
      return { ok: true as const };
    },
  );

  app.get(
    '/sessions',
    {
      schema: {
        tags: ['user'],
        summary: 'Where this account is signed in: device, country, last seen (newest first)',
        security: bearer,
        response: { 200: sessionListSchema },
      },
    },
    async (request) => ({ sessions: await sessions.list(request.auth!.id, request.auth!.sessionId) }),
  );

  app.post(
    '/sessions/end-all',
    {
      schema: {
        tags: ['user'],
        summary: 'Log out everywhere else (keepCurrent, the default), or everywhere',
        security: bearer,
        body: endAllSessionsRequestSchema.nullish(),
        response: { 200: endedSessionsSchema },
      },
    },
    async (request) => {
      const keepCurrent = request.body?.keepCurrent ?? true;
      const ended = await sessions.endAll(request.auth!.id, {
        except: keepCurrent ? request.auth!.sessionId : undefined,
        reason: 'end_all',
      });
      return { ended };
    },
  );

  app.delete(
    '/sessions/:id',
    {
      schema: {
        tags: ['user'],
        summary: 'End one session of this account (this one too: then it is a logout)',
        security: bearer,
        params: sessionIdParamsSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await sessions.end(request.auth!.id, request.params.id, 'ended');
      return { ok: true as const };
    },
  );
};
