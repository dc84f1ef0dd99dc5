import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';

/** A database answer this recent stands for the probes that follow it. */
const ANSWER_FRESH_MS = 100;

export const healthRoutes: FastifyPluginAsyncZod<{ ping: () => Promise<void> }> = async (app, opts) => {
  /**
   * Every answer is the database's: a ping that answered at most ANSWER_FRESH_MS ago, else one on
   * its way, else a new one. A burst of probes costs the database one query per 100 ms instead of
   * one each (the embedded database runs its queries on this thread, a third of a millisecond for
   * `select 1`: more than a whole request of bare Fastify). A failed ping stands for nothing.
   */
  let answeredAt = -Infinity;
  let inFlight: Promise<void> | undefined;
  const ping = () => {
    if (performance.now() - answeredAt < ANSWER_FRESH_MS) return Promise.resolve();
    return (inFlight ??= opts
      .ping()
      .then(() => {
        answeredAt = performance.now();
      })
      .finally(() => {
        inFlight = undefined;
      }));
  };

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
        await ping();
      } catch (error) {
        request.log.error({ err: error }, 'health: database unreachable');
        throw new AppError('SERVICE_UNAVAILABLE');
      }
      return { status: 'ok' as const };
    },
  );
};
