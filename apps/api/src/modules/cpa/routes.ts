import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okSchema } from '@app/shared/schemas/auth';
import {
  CPA_LANDINGS,
  cpaLandingListSchema,
  cpaLinkCreateSchema,
  cpaLinkIdParamsSchema,
  cpaLinkListQuerySchema,
  cpaLinkListSchema,
  cpaLinkSchema,
  cpaLinkUpdateSchema,
} from '@app/shared/schemas/cpa';
import { cpaSettingsSchema } from '@app/shared/schemas/cpa-programme';
import { presentSettings, readSettings } from './settings';
import { AppError } from '../../lib/app-error';
import { isCrawler } from '../../lib/crawler';
import { livePartnerLink } from '../../lib/partner-link';
import { originOf, partnerLinkOf, visitorOf } from '../../lib/visitor';
import type { Db } from '../../db/client';
import type { LinksService } from './links-service';
import { recordPartnerHit } from './service';

const bearer = [{ bearer: [] }];

export const cpaRoutes: FastifyPluginAsyncZod<{
  db: Db;
  links: LinksService;
  visitorSecret: string;
  now: () => number;
}> = async (app, { db, links, visitorSecret, now }) => {
  app.post(
    '/hits',
    {
      config: { rateLimit: app.rateLimits.sensitive },
      schema: {
        tags: ['cpa'],
        summary: 'Count a visit through the partner link in the x-cpa / x-cpa-uid headers (once per visitor)',
        // Older pages send no body: the landing is then unknown.
        body: z.object({ landing: z.string().max(200).optional() }).nullish(),
        response: { 200: z.object({ counted: z.boolean() }) },
      },
    },
    async (request) => {
      const named = partnerLinkOf(request);
      if (!named)
        throw new AppError('VALIDATION_ERROR', {
          fields: [{ path: 'x-cpa', key: 'msg.invalid-value', message: 'Invalid value' }],
        });
      // A well-formed id of a link that does not exist (or was deleted) is answered like a visit
      // already counted: nothing is stored, and nothing tells a prober which ids are live.
      // Crawlers and link previews are not visitors: they count nothing (and bind nothing).
      if (isCrawler(request.headers['user-agent'])) return { counted: false };
      const link = await livePartnerLink(db, named);
      if (!link) return { counted: false };
      const counted = await recordPartnerHit(db, {
        linkId: link.linkId,
        visitor: visitorOf(request),
        origin: originOf(request, visitorSecret, now()),
        partnerUid: link.uid,
        landing: CPA_LANDINGS.find((landing) => landing === request.body?.landing) ?? null,
      });
      return { counted };
    },
  );

  app.get(
    '/landings',
    {
      schema: {
        tags: ['cpa'],
        summary: 'The pages a partner link can send people to',
        response: { 200: cpaLandingListSchema },
      },
    },
    async () => ({ landings: [...CPA_LANDINGS] }),
  );

  app.get(
    '/settings',
    {
      schema: {
        tags: ['cpa'],
        summary:
          'The payout of each reward action, the attribution window and the holding period (public: the cabinet shows them before sign-in)',
        response: { 200: cpaSettingsSchema },
      },
    },
    async () => presentSettings(await readSettings(db)),
  );

  const ownerRoutes: FastifyPluginAsyncZod = async (owner) => {
    owner.addHook('preHandler', owner.authenticate);

    owner.get(
      '/links',
      {
        schema: {
          tags: ['cpa'],
          summary: "The signed-in person's partner links with hits and registrations (another person's: admins only)",
          security: bearer,
          querystring: cpaLinkListQuerySchema,
          response: { 200: cpaLinkListSchema },
        },
      },
      async (request) => {
        const me = request.auth!;
        const userId = request.query.userId ?? me.id;
        // Another person's links: staff work, with the admin host and second factor of any.
        if (userId !== me.id) await app.requireRole('admin')(request);
        return { links: await links.list(userId) };
      },
    );

    owner.post(
      '/links',
      {
        schema: {
          tags: ['cpa'],
          summary: 'Create a partner link: name, landing, optional callback URL',
          security: bearer,
          body: cpaLinkCreateSchema,
          response: { 200: cpaLinkSchema },
        },
      },
      async (request) => links.create(request.auth!.id, request.body),
    );

    owner.patch(
      '/links/:id',
      {
        schema: {
          tags: ['cpa'],
          summary: 'Rename a link, change its landing or its callback URL (null or empty removes it)',
          security: bearer,
          params: cpaLinkIdParamsSchema,
          body: cpaLinkUpdateSchema,
          response: { 200: cpaLinkSchema },
        },
      },
      async (request) => links.update(request.auth!.id, request.params.id, request.body),
    );

    owner.delete(
      '/links/:id',
      {
        schema: {
          tags: ['cpa'],
          summary: 'Delete a link: it counts nothing new, its history stays',
          security: bearer,
          params: cpaLinkIdParamsSchema,
          response: { 200: okSchema },
        },
      },
      async (request) => {
        await links.remove(request.auth!.id, request.params.id);
        return { ok: true as const };
      },
    );
  };
  await app.register(ownerRoutes);
};
