import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mediaIdSchema } from '@app/shared/schemas/media';
import type { KycDeps } from './kyc-deps';
import { readKycPhotoFor } from './photo-access';

/** GET /api/media/kyc/{id}/{size}: private, never cached anywhere. */
export const kycPhotoRoutes: FastifyPluginAsyncZod<{ deps: KycDeps }> = async (app, { deps }) => {
  const send = async (request: FastifyRequest, reply: FastifyReply, id: number, size = 'small') => {
    const data = await readKycPhotoFor(deps, request.auth!, id, size, request.ip, () =>
      app.requireStaffAccess(request),
    );
    return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').type('image/webp').send(data);
  };
  const schema = {
    tags: ['media'],
    security: [{ bearer: [] }],
    produces: ['image/webp'],
    response: { 200: z.any().meta({ type: 'string', format: 'binary', description: 'The WebP image' }) },
  };
  app.get(
    '/kyc/:id',
    {
      preHandler: app.authenticate,
      schema: {
        ...schema,
        summary: 'A KYC photo, small (owner and reviewing staff)',
        params: z.object({ id: mediaIdSchema }),
      },
    },
    async (request, reply) => send(request, reply, request.params.id),
  );
  app.get(
    '/kyc/:id/:size',
    {
      preHandler: app.authenticate,
      schema: {
        ...schema,
        summary: 'A KYC photo: small 320, medium 1024, large 2048 (fit inside)',
        params: z.object({ id: mediaIdSchema, size: z.string() }),
      },
    },
    async (request, reply) => send(request, reply, request.params.id, request.params.size),
  );
};
