import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { originOf, partnerLinkOf, visitorOf } from '../../lib/visitor';
import type { Db } from '../../db/client';
import { recordPartnerHit } from './service';

export const cpaRoutes: FastifyPluginAsyncZod<{ db: Db; visitorSecret: string }> = async (
  app,
  { db, visitorSecret },
) => {
  app.post(
    '/hits',
    {
      config: { rateLimit: app.rateLimits.sensitive },
      schema: {
        tags: ['cpa'],
        summary: 'Count a visit through the partner link in the x-cpa / x-cpa-uid headers (once per visitor)',
        response: { 200: z.object({ counted: z.boolean() }) },
      },
    },
    async (request) => {
      const link = partnerLinkOf(request);
      if (!link)
        throw new AppError('VALIDATION_ERROR', {
          fields: [{ path: 'x-cpa', key: 'msg.invalid-value', message: 'Invalid value' }],
        });
      const counted = await recordPartnerHit(db, {
        linkId: link.linkId,
        visitor: visitorOf(request),
        origin: originOf(request, visitorSecret, app.clock.now()),
        partnerUid: link.uid,
      });
      return { counted };
    },
  );
};
