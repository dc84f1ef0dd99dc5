import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  companyCardSchema,
  companyIdParamsSchema,
  companyInputSchema,
  myCompanySchema,
  promotedListSchema,
  promotedQuerySchema,
  promotionBuySchema,
  promotionOfferSchema,
  promotionSchema,
  type CompanyValues,
} from '@app/shared/schemas/business';
import { toAppError } from '../../plugins/error-handler';
import { additionRefused, type CompanyService } from './company-service';
import type { PromotionService } from './promotion-service';

const tags = ['business'];
const bearer = [{ bearer: [] }];

export const businessRoutes: FastifyPluginAsyncZod<{
  companies: CompanyService;
  promotions: PromotionService;
}> = async (app, { companies, promotions }) => {
  const userId = (request: { auth?: { id: number } }) => request.auth!.id;

  app.get(
    '/company',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "The caller's company (null before one is added: not a Business account) and its promotions",
        security: bearer,
        response: { 200: myCompanySchema },
      },
    },
    async (request) => companies.mine(userId(request)),
  );

  app.post(
    '/company',
    {
      preHandler: app.authenticate,
      // A refused addition is "Company addition error" with its reason, a bad field included.
      attachValidation: true,
      schema: {
        tags,
        summary:
          "Add the caller's company (one per person): refusals answer COMPANY_ADDITION_ERROR with details.reason",
        security: bearer,
        body: companyInputSchema,
        response: { 200: myCompanySchema },
      },
    },
    async (request) => {
      if (request.validationError) {
        const fields = toAppError(request.validationError)?.extra.fields ?? [];
        throw additionRefused(fields.some((f) => f.path === 'website') ? 'invalid_website' : 'invalid_fields', fields);
      }
      return companies.add(userId(request), request.body as CompanyValues);
    },
  );

  app.put(
    '/company',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "Edit the caller's company (every field; photos not listed are deleted)",
        security: bearer,
        body: companyInputSchema,
        response: { 200: myCompanySchema },
      },
    },
    async (request) => companies.edit(userId(request), request.body),
  );

  app.delete(
    '/company',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          "Remove the caller's company: the running promotion ends, one not yet started is refunded; paid promotions stay as history",
        security: bearer,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await companies.remove(userId(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/company/:id',
    {
      schema: {
        tags,
        summary: "A company's public card (what its promoted pin opens)",
        params: companyIdParamsSchema,
        response: { 200: companyCardSchema },
      },
    },
    async (request) => companies.card(request.params.id),
  );

  app.get(
    '/promotion/offer',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "The promotion's lengths and prices, and what the caller's wallet can spend",
        security: bearer,
        response: { 200: promotionOfferSchema },
      },
    },
    async (request) => promotions.offer(userId(request)),
  );

  app.post(
    '/promotion',
    {
      preHandler: app.authenticate,
      config: { rateLimit: app.rateLimits.sensitive },
      schema: {
        tags,
        summary: "Buy a promoted map pin for the caller's company from the wallet (Idempotency-Key header)",
        security: bearer,
        body: promotionBuySchema,
        response: { 200: promotionSchema },
      },
    },
    async (request) =>
      promotions.buy(userId(request), request.body.days, promotions.idempotencyKey(request.headers['idempotency-key'])),
  );

  app.get(
    '/promoted',
    {
      schema: {
        tags,
        summary: 'Promoted company pins running now around a point (public: the live map shows them to everyone)',
        querystring: promotedQuerySchema,
        response: { 200: promotedListSchema },
      },
    },
    async (request) => ({ items: await promotions.promotedNear(request.query, request.query.radius) }),
  );
};
