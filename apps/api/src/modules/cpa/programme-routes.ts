import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okSchema } from '@app/shared/schemas/auth';
import { cpaLinkIdParamsSchema } from '@app/shared/schemas/cpa';
import {
  cpaApplicationSchema,
  cpaDecisionSchema,
  cpaPartnerParamsSchema,
  cpaPartnersQuerySchema,
  cpaPartnersSchema,
  cpaPartnerStateSchema,
  cpaPayoutSchema,
  cpaPostbackIdParamsSchema,
  cpaPostbackListSchema,
  cpaRewardsQuerySchema,
  cpaRewardsSchema,
  cpaSettingsSchema,
  cpaSettingsUpdateSchema,
  cpaStatsQuerySchema,
  cpaStatsSchema,
} from '@app/shared/schemas/cpa-programme';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { applyAsPartner, decidePartner, listPartners, partnerState, rotateSecret } from './partners';
import { listPayouts, requestPayout } from './payouts';
import { fireTestPostback, listPostbacks, resendPostback } from './postbacks';
import { listRewards } from './rewards';
import { presentSettings, saveSettings } from './settings';
import { partnerStats, partnerTotals, statsCsv } from './stats';
import { cpaPartners } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { auditActor } from '../audit/record-audit';

const bearer = [{ bearer: [] }];

/**
 * The partner programme beside the links: settings, the partner's application and secret, rewards
 * and payouts, statistics, postbacks; and the admins' partner list and decisions.
 */
export const cpaProgrammeRoutes: FastifyPluginAsyncZod<{ db: Db; now: () => number }> = async (app, { db, now }) => {
  app.addHook('preHandler', app.authenticate);
  const date = () => new Date(now());

  /** Rewards, payouts, statistics and postbacks belong to approved partners. */
  const partnerOnly = async (userId: number) => {
    const [row] = await db
      .select({ status: cpaPartners.status })
      .from(cpaPartners)
      .where(eq(cpaPartners.userId, userId));
    if (row?.status !== 'approved') throw new AppError('CPA_NOT_PARTNER');
  };

  app.put(
    '/settings',
    {
      // The payouts are money: a fresh staff second factor (decision 029).
      preHandler: [app.requireRole('admin'), app.requireFreshSecondFactor],
      schema: {
        tags: ['cpa'],
        summary: 'Admins: change the payouts, the window and the holding period (audit-logged)',
        security: bearer,
        body: cpaSettingsUpdateSchema,
        response: { 200: cpaSettingsSchema },
      },
    },
    async (request) => presentSettings(await saveSettings(db, auditActor(request), request.body)),
  );

  app.get(
    '/partner',
    {
      schema: {
        tags: ['cpa'],
        summary: "The signed-in person's standing in the programme (none, applied, approved, rejected)",
        security: bearer,
        response: { 200: cpaPartnerStateSchema },
      },
    },
    async (request) => partnerState(db, request.auth!.id, date()),
  );

  app.post(
    '/partner',
    {
      config: { rateLimit: app.rateLimits.sensitive },
      schema: {
        tags: ['cpa'],
        summary: 'Apply to become a partner: traffic sources and a contact (again after a rejection)',
        security: bearer,
        body: cpaApplicationSchema,
        response: { 200: cpaPartnerStateSchema },
      },
    },
    async (request) => {
      await applyAsPartner(db, request.auth!.id, request.body);
      return partnerState(db, request.auth!.id, date());
    },
  );

  app.post(
    '/partner/secret',
    {
      config: { rateLimit: app.rateLimits.sensitive },
      schema: {
        tags: ['cpa'],
        summary: 'Rotate the postback signing secret; the previous one keeps signing for 24 hours',
        security: bearer,
        response: { 200: cpaPartnerStateSchema },
      },
    },
    async (request) => {
      await rotateSecret(db, request.auth!.id, date());
      return partnerState(db, request.auth!.id, date());
    },
  );

  app.get(
    '/rewards',
    {
      schema: {
        tags: ['cpa'],
        summary: "The partner's conversions: action, status (with the reason of a rejection), payout, click id",
        security: bearer,
        querystring: cpaRewardsQuerySchema,
        response: { 200: cpaRewardsSchema.extend({ payouts: z.array(cpaPayoutSchema) }) },
      },
    },
    async (request) => {
      await partnerOnly(request.auth!.id);
      const [rewards, payouts] = await Promise.all([
        listRewards(db, request.auth!.id, request.query),
        listPayouts(db, request.auth!.id),
      ]);
      return { ...rewards, payouts };
    },
  );

  app.post(
    '/rewards',
    {
      config: { rateLimit: app.rateLimits.sensitive },
      schema: {
        tags: ['cpa'],
        summary: 'Request payment of every approved reward into the wallet (one REWARD transaction)',
        security: bearer,
        response: { 200: cpaPayoutSchema },
      },
    },
    async (request) => requestPayout(db, request.auth!.id),
  );

  app.get(
    '/stats',
    {
      schema: {
        tags: ['cpa'],
        summary: 'Hits, regs, value, profit and paid per link and per day over a period',
        security: bearer,
        querystring: cpaStatsQuerySchema,
        response: { 200: cpaStatsSchema },
      },
    },
    async (request) => {
      await partnerOnly(request.auth!.id);
      const { linkNames: _names, ...stats } = await partnerStats(db, request.auth!.id, request.query, date());
      return stats;
    },
  );

  app.get(
    '/stats.csv',
    {
      schema: {
        tags: ['cpa'],
        summary: 'The same figures per link as CSV',
        security: bearer,
        querystring: cpaStatsQuerySchema,
      },
    },
    async (request, reply) => {
      await partnerOnly(request.auth!.id);
      const stats = await partnerStats(db, request.auth!.id, request.query, date());
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="partner-stats-${request.query.period}.csv"`)
        .send(statsCsv(stats));
    },
  );

  app.get(
    '/postbacks',
    {
      schema: {
        tags: ['cpa'],
        summary: "The partner's postbacks with every attempt (time, status, latency, the answer's first 1 KB)",
        security: bearer,
        response: { 200: cpaPostbackListSchema },
      },
    },
    async (request) => {
      await partnerOnly(request.auth!.id);
      return { postbacks: await listPostbacks(db, request.auth!.id) };
    },
  );

  app.post(
    '/postbacks/:id/resend',
    {
      config: { rateLimit: app.rateLimits.sensitive },
      schema: {
        tags: ['cpa'],
        summary: 'Send a failed postback again (one that got a 2xx is never sent twice)',
        security: bearer,
        params: cpaPostbackIdParamsSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await partnerOnly(request.auth!.id);
      await resendPostback(db, request.auth!.id, request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/links/:id/test',
    {
      config: { rateLimit: app.rateLimits.sensitive },
      schema: {
        tags: ['cpa'],
        summary: "Fire a test postback to the link's callback URL",
        security: bearer,
        params: cpaLinkIdParamsSchema,
        response: { 200: z.object({ id: z.string() }) },
      },
    },
    async (request) => {
      await partnerOnly(request.auth!.id);
      return { id: await fireTestPostback(db, request.auth!.id, request.params.id) };
    },
  );

  app.get(
    '/partners',
    {
      preHandler: app.requireRole('admin'),
      schema: {
        tags: ['cpa'],
        summary: 'Admins: partners and applications with their traffic',
        security: bearer,
        querystring: cpaPartnersQuerySchema,
        response: { 200: cpaPartnersSchema },
      },
    },
    async (request) => {
      const rows = await listPartners(db, request.query.status);
      const totals = await partnerTotals(
        db,
        rows.map((row) => row.userId),
      );
      return {
        partners: rows.map((row) => ({ ...row, appliedAt: row.appliedAt.toISOString(), ...totals.get(row.userId)! })),
      };
    },
  );

  app.post(
    '/partners/:userId/decision',
    {
      preHandler: app.requireRole('admin'),
      schema: {
        tags: ['cpa'],
        summary: 'Admins: approve or reject a partner (audit-logged)',
        security: bearer,
        params: cpaPartnerParamsSchema,
        body: cpaDecisionSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await decidePartner(db, auditActor(request), request.params.userId, request.body);
      return { ok: true as const };
    },
  );
};
