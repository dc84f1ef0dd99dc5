import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';

export const healthRoutes: FastifyPluginAsyncZod<{ ping: () => Promise<void> }> = async (app, opts) => {
  app.get(
    '/health',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['system'],
        summary: 'Liveness with the database checked',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async (request) => {
      try {
        await opts.ping();
      } catch (error) {
        request.log.error({ err: error }, 'health: database unreachable');
        throw new AppError('SERVICE_UNAVAILABLE');
      }
      return { status: 'ok' as const };
    },
  );
};
