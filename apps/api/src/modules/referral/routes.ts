import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okSchema } from '@app/shared/schemas/auth';
import { promocodeSchema } from '@app/shared/validation/rules';
import { originOf, visitorOf } from '../../lib/visitor';
import type { AccountService } from '../user/account-service';
import type { Db } from '../../db/client';
import { trackReferralHit } from './service';

export const referralRoutes: FastifyPluginAsyncZod<{
  accounts: AccountService;
  db: Db;
  visitorSecret: string;
  /** The server's clock (lib/clock.ts): when the visit happened. */
  now: () => number;
}> = async (app, { accounts, db, visitorSecret, now }) => {
  app.get(
    '/track/:code',
    {
      config: { rateLimit: app.rateLimits.sensitive },
      schema: {
        tags: ['referral'],
        summary: 'Count a visit through a referral link (once per visitor)',
        params: z.object({ code: promocodeSchema }),
        response: { 200: z.object({ valid: z.boolean(), counted: z.boolean() }) },
      },
    },
    async (request) =>
      trackReferralHit(db, request.params.code, visitorOf(request), originOf(request, visitorSecret, now())),
  );

  app.post(
    '/save/:code',
    {
      preHandler: app.authenticate,
      config: { rateLimit: app.rateLimits.auth },
      schema: {
        tags: ['referral'],
        summary: 'Save the referrer of the signed-in user (once)',
        security: [{ bearer: [] }],
        params: z.object({ code: promocodeSchema }),
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await accounts.saveReferrer(request.auth!.id, request.params.code);
      return { ok: true as const };
    },
  );
};
