import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfigSchema, type PublicConfig } from './public-config';

export const systemRoutes: FastifyPluginAsyncZod<{ publicConfig: PublicConfig }> = async (app, opts) => {
  app.get(
    '/config/public',
    {
      schema: {
        tags: ['system'],
        summary: 'Configuration the web app needs at run time',
        response: { 200: publicConfigSchema },
      },
    },
    async () => opts.publicConfig,
  );
};
