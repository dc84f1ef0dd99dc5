import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers on every response, as @fastify/helmet set them, with the middleware built
 * once: @fastify/helmet builds it again for every request (its CSP parsed anew each time), which
 * cost a third of a bare Fastify request (decision 033). No route sets helmet options of its own.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const apply = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}
