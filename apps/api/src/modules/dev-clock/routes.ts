import { z } from 'zod';
import type { Clock } from '../../lib/clock';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const DAY_MS = 86_400_000;
const nowSchema = z.object({ now: z.number().int() });

/**
 * The server's meet-and-play clock for tests (CLOCK_CONTROL only; app.ts registers these routes
 * only then): a browser test plays twenty minutes of a meeting, or a day of holding a token, in
 * seconds. The clock only moves forward.
 */
export const devClockRoutes: FastifyPluginAsyncZod<{ clock: Clock }> = async (app, { clock }) => {
  const tags = ['dev'];
  app.get(
    '/clock',
    { schema: { tags, summary: 'The server clock (epoch ms)', response: { 200: nowSchema } } },
    async () => ({ now: clock.now() }),
  );
  app.post(
    '/clock',
    {
      schema: {
        tags,
        summary: 'Move the server clock forward (tests only)',
        body: z.object({
          advanceMs: z
            .number()
            .int()
            .min(0)
            .max(30 * DAY_MS),
        }),
        response: { 200: nowSchema },
      },
    },
    async (request) => {
      clock.advance(request.body.advanceMs);
      return { now: clock.now() };
    },
  );
};
