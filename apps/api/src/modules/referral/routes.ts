import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okSchema } from '@app/shared/schemas/auth';
import {
  referralFlagsSchema,
  referralListQuerySchema,
  referralListSchema,
  referralRewardsQuerySchema,
  referralRewardsSchema,
  referralStatsQuerySchema,
  referralStatsSchema,
  referrerChangeSchema,
} from '@app/shared/schemas/referral';
import { promocodeSchema } from '@app/shared/validation/rules';
import { MSG } from '@app/shared/validation/messages';
import { originOf, visitorOf } from '../../lib/visitor';
import type { AccountService } from '../user/account-service';
import type { Db } from '../../db/client';
import { auditActor, recordAudit } from '../audit/record-audit';
import { changeReferrer, fixTree } from './closure';
import { listFlags, listRewards } from './rewards-list';
import { trackReferralHit } from './service';
import { referralStats } from './stats';
import { listReferrals } from './tree';

const bearer = [{ bearer: [] }];
const userParams = z.object({ userId: z.coerce.number({ error: MSG.invalidValue }).int().positive() });

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
        security: bearer,
        params: z.object({ code: promocodeSchema }),
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await accounts.saveReferrer(request.auth!.id, request.params.code);
      // A referrer saved right after the registration: the tree is fixed now, as at registration.
      await fixTree(db, request.auth!.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/list',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['referral'],
        summary: "The caller's referrals (levels 1 to 3), filtered and paged",
        security: bearer,
        querystring: referralListQuerySchema,
        response: { 200: referralListSchema },
      },
    },
    async (request) => listReferrals(db, request.auth!.id, null, request.query),
  );

  app.get(
    '/list/:userId',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['referral'],
        summary: "The direct referrals of one person of the caller's tree (refused outside it)",
        security: bearer,
        params: userParams,
        querystring: referralListQuerySchema,
        response: { 200: referralListSchema },
      },
    },
    async (request) => listReferrals(db, request.auth!.id, request.params.userId, request.query),
  );

  app.get(
    '/rewards',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['referral'],
        summary: "The caller's referral rewards, newest first, by source and status",
        security: bearer,
        querystring: referralRewardsQuerySchema,
        response: { 200: referralRewardsSchema },
      },
    },
    async (request) => listRewards(db, request.auth!.id, request.query),
  );

  app.get(
    '/stats',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['referral'],
        summary: 'The referral screen: income, referrals, hits and registrations for a period',
        security: bearer,
        querystring: referralStatsQuerySchema,
        response: { 200: referralStatsSchema },
      },
    },
    async (request) => referralStats(db, request.auth!.id, request.query.period, now()),
  );

  app.get(
    '/flags',
    {
      preHandler: app.requireRole('admin'),
      schema: {
        tags: ['referral'],
        summary: 'Admins: rewards withheld as self-referral',
        security: bearer,
        querystring: z.object({
          offset: z.coerce.number({ error: MSG.invalidValue }).int().min(0).default(0),
          limit: z.coerce.number({ error: MSG.invalidValue }).int().min(1).max(100).default(50),
        }),
        response: { 200: referralFlagsSchema },
      },
    },
    async (request) => listFlags(db, request.query.offset, request.query.limit),
  );

  app.put(
    '/referrer/:userId',
    {
      preHandler: app.requireRole('admin'),
      schema: {
        tags: ['referral'],
        summary: "Admins: change a person's referrer (audit-logged; past rewards stay)",
        security: bearer,
        params: userParams,
        body: referrerChangeSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const { userId } = request.params;
      await db.transaction(async (tx) => {
        const change = await changeReferrer(tx, userId, request.body.referrerId);
        await recordAudit(tx, {
          ...auditActor(request),
          action: 'referral.referrer',
          targetType: 'user',
          targetId: String(userId),
          before: { referrerId: change.before },
          after: { referrerId: change.after },
          reason: request.body.reason,
        });
      });
      return { ok: true as const };
    },
  );
};
