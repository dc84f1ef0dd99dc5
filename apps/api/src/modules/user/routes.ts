import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  codeSchema,
  codeSentSchema,
  domainAvailableSchema,
  feedbackRequestSchema,
  loginRequestSchema,
  okSchema,
  profileUpdateRequestSchema,
  publicProfileSchema,
  recoveryCheckCodeRequestSchema,
  recoverySendCodeRequestSchema,
  registerRequestSchema,
  verifyCodeRequestSchema,
} from '@app/shared/schemas/auth';
import { authRecordSchema, meSchema } from '@app/shared/schemas/user';
import { nicknameSchema } from '@app/shared/validation/rules';
import { requestLocale } from '../../lib/request-locale';
import { livePartnerLink } from '../../lib/partner-link';
import { addressHashOf, partnerLinkOf, visitorOf } from '../../lib/visitor';
import type { AccountService } from './account-service';
import type { Db } from '../../db/client';
import { getCachedMe } from './service';
import { keptAnswerSerializerCompiler } from '../../lib/kept-answer-serializer';
import type { SignInClient } from '../sessions/sign-in-client';
import type { ProfileCache } from '../sessions/session-cache';

const bearer = [{ bearer: [] }];

/** SPEC.md section 7 "User". Routes only parse, call one service function and answer. */
export const userRoutes: FastifyPluginAsyncZod<{
  accounts: AccountService;
  minAge: number;
  db: Db;
  /** The device and country of a sign-in, for the sessions list. */
  clientOf: (request: FastifyRequest) => SignInClient;
  profiles: ProfileCache;
}> = async (app, { accounts, minAge, db, clientOf, profiles }) => {
  const auth = app.rateLimits.auth;

  app.post(
    '/register',
    {
      config: { rateLimit: auth },
      schema: {
        tags: ['user'],
        summary: 'Create an account',
        body: registerRequestSchema({ minAge }),
        response: { 200: authRecordSchema },
      },
    },
    async (request) =>
      accounts.register(
        request.body,
        request.body.locale ?? requestLocale(request),
        await livePartnerLink(db, partnerLinkOf(request)).then(
          (link) => link && { ...link, visitor: visitorOf(request), addressHash: addressHashOf(request) },
        ),
        clientOf(request),
      ),
  );

  app.post(
    '/login',
    {
      config: { rateLimit: auth },
      schema: { tags: ['user'], summary: 'Log in', body: loginRequestSchema, response: { 200: authRecordSchema } },
    },
    async (request) => accounts.login(request.body, clientOf(request), request.ip),
  );

  app.get(
    '/me',
    {
      preHandler: app.authenticate,
      // getCachedMe gives the kept answer itself, frozen: its JSON is made once.
      serializerCompiler: keptAnswerSerializerCompiler,
      schema: {
        tags: ['user'],
        summary: 'The signed-in user with profile',
        security: bearer,
        response: { 200: meSchema },
      },
    },
    async (request) => getCachedMe(db, profiles, request.auth!.id),
  );

  app.post(
    '/profile-update',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['user'],
        summary: 'Change profile fields',
        security: bearer,
        body: profileUpdateRequestSchema({ minAge }),
        response: { 200: authRecordSchema },
      },
    },
    async (request) => accounts.updateProfile({ ...request.auth!, userId: request.auth!.id }, request.body),
  );

  app.get(
    '/profile/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['user'],
        summary: 'Profile of a user (others than the person and staff see only the map card fields)',
        security: bearer,
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: publicProfileSchema },
      },
    },
    async (request) => accounts.publicProfile(request.params.id, request.auth!),
  );

  app.get(
    '/domain-available/:domain',
    {
      schema: {
        tags: ['user'],
        summary: 'Whether a nickname is free',
        params: z.object({ domain: nicknameSchema }),
        response: { 200: domainAvailableSchema },
      },
    },
    async (request) => ({
      available: await accounts.domainAvailable(request.params.domain, (await app.identify(request))?.id),
    }),
  );

  app.post(
    '/email/verify/send-code',
    {
      preHandler: app.authenticate,
      config: { rateLimit: auth },
      schema: {
        tags: ['user'],
        summary: 'Mail a code to confirm the e-mail',
        security: bearer,
        response: { 200: codeSentSchema },
      },
    },
    async (request) => accounts.sendVerifyCode(request.auth!.id),
  );

  app.post(
    '/email/verify/check/:code',
    {
      preHandler: app.authenticate,
      config: { rateLimit: auth },
      schema: {
        tags: ['user'],
        summary: 'Confirm the e-mail with the mailed code',
        security: bearer,
        params: z.object({ code: codeSchema }),
        response: { 200: meSchema },
      },
    },
    async (request) => accounts.checkVerifyCode(request.auth!.id, request.params.code),
  );
  app.post(
    '/email/verify/check',
    {
      preHandler: app.authenticate,
      config: { rateLimit: auth },
      schema: {
        tags: ['user'],
        summary: 'Confirm the e-mail with the mailed code in the body (the same as the path form)',
        security: bearer,
        body: verifyCodeRequestSchema,
        response: { 200: meSchema },
      },
    },
    async (request) => accounts.checkVerifyCode(request.auth!.id, request.body.code),
  );

  app.post(
    '/recovery-password/send-code',
    {
      config: { rateLimit: auth },
      schema: {
        tags: ['user'],
        summary: 'Mail a password recovery code',
        body: recoverySendCodeRequestSchema,
        response: { 200: codeSentSchema },
      },
    },
    async (request) => accounts.sendRecoveryCode(request.body.email, request.ip),
  );

  app.post(
    '/recovery-password/check-code',
    {
      config: { rateLimit: auth },
      schema: {
        tags: ['user'],
        summary: 'Set a new password with the mailed code',
        body: recoveryCheckCodeRequestSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await accounts.resetPassword(request.body, request.ip);
      return { ok: true as const };
    },
  );

  app.post(
    '/email/feedback/',
    {
      config: { rateLimit: app.rateLimits.sensitive },
      schema: { tags: ['user'], summary: 'The support form', body: feedbackRequestSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await accounts.saveFeedback(request.body, requestLocale(request), (await app.identify(request))?.id ?? null);
      return { ok: true as const };
    },
  );
};
