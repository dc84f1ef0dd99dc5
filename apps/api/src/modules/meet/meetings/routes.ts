import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  meetingConfirmRequestSchema,
  meetingFixRequestSchema,
  meetingParamsSchema,
  meetingProgressSchema,
  meetingViewSchema,
  mintChancesSchema,
} from '@app/shared/schemas/meet';
import type { MeetingService } from './service';
import { sightDevice } from './sight-device';

const bearer = [{ bearer: [] }];

/** /api/meet/meetings: the meeting and mint screen, precise fixes, code confirmation. */
export const meetingRoutes: FastifyPluginAsyncZod<{ meetings: MeetingService }> = async (app, { meetings }) => {
  const tags = ['meet'];
  // Device protection sees the request before the service decides anything.
  const preHandler = [app.authenticate, sightDevice(meetings.devices)];

  app.get(
    '/chances',
    { schema: { tags, summary: 'The published chance of a mint per level', response: { 200: mintChancesSchema } } },
    async () => meetings.chances(),
  );
  app.get(
    '/:peerId',
    {
      preHandler,
      schema: {
        tags,
        summary: 'The meeting and mint screen with one user',
        security: bearer,
        params: meetingParamsSchema,
        response: { 200: meetingViewSchema },
      },
    },
    async (request) => meetings.getView(request.auth!.id, request.params.peerId),
  );
  app.post(
    '/:peerId/position',
    {
      preHandler,
      schema: {
        tags,
        summary: 'One precise fix of the caller’s device (only the server sees it)',
        security: bearer,
        params: meetingParamsSchema,
        body: meetingFixRequestSchema,
        response: { 200: meetingProgressSchema },
      },
    },
    async (request) => meetings.ingestFix(request.auth!.id, request.params.peerId, request.body),
  );
  app.post(
    '/:peerId/confirm',
    {
      preHandler,
      config: { rateLimit: app.rateLimits.sensitive },
      schema: {
        tags,
        summary: 'Confirm the meeting with the code on the other user’s screen',
        security: bearer,
        params: meetingParamsSchema,
        body: meetingConfirmRequestSchema,
        response: { 200: meetingViewSchema },
      },
    },
    async (request) => meetings.confirm(request.auth!.id, request.params.peerId, request.body.code),
  );
};
