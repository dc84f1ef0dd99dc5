import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ErrorCode } from '@app/shared/errors';
import {
  PROVIDER_SIGN_IN_PATHS,
  providerCallbackParamsSchema,
  providerSignInClaimSchema,
  providerSignInResultSchema,
  providerSignInStartQuerySchema,
  safeReturnTo,
  type ProviderCallbackParams,
} from '@app/shared/schemas/provider-sign-in';
import { AppError } from '../../lib/app-error';
import { requestLocale } from '../../lib/request-locale';
import { acceptFormBodies } from './form-body';
import { createProviderClient } from './oidc-client';
import { claimSignIn, finishSignIn, refusalReason, startSignIn } from './service';
import type { Db } from '../../db/client';
import type { Config } from '../../config';
import type { SessionService } from '../sessions/session-service';
import type { SignInClient } from '../sessions/sign-in-client';
import { clearStateCookie, readStateCookie, setStateCookie } from './state-cookie';

const redirectResponse = { 302: z.null().describe('Redirect (Location header)') };

/** To the sign-in page, which shows the result: `?state=` to claim, or `?error=` to explain. */
const toPage = (query: { state: string } | { error: ErrorCode }) =>
  `${PROVIDER_SIGN_IN_PATHS.page}?${new URLSearchParams(query)}`;

/** A browser navigating (the sign-in button) gets a page to read, an API client the JSON error. */
const isNavigation = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

/** Whatever went wrong stays in our log; the browser only learns that it failed. */
function describeFailure(error: unknown) {
  const reason = refusalReason(error);
  if (reason) return { reason };
  // openid-client wraps the precise check that failed (`unexpected JWT "aud" (audience) claim
  // value`) as `cause`, and `error` is the provider's OAuth error code. Neither carries a secret,
  // unlike the token or the code themselves, which are never logged.
  const {
    name,
    message,
    code,
    error: oauthError,
    cause,
  } = (error ?? {}) as {
    name?: string;
    message?: string;
    code?: string;
    error?: string;
    cause?: { message?: string };
  };
  return { reason: 'provider answer rejected', error: { name, message, code, oauthError, detail: cause?.message } };
}

/**
 * Sign in with an OpenID Connect provider (Apple's): authorization code flow with PKCE, state and
 * nonce. Registered under /api/user, so the paths are SPEC.md section 7's /user/apple... calls.
 */
export const providerSignInRoutes: FastifyPluginAsyncZod<{
  db: Db;
  sessions: SessionService;
  clientOf: (request: FastifyRequest) => SignInClient;
  config: Config;
  /** Runs once a provider sign-in is claimed, as after a password sign-in (ADMIN_EMAILS promotion). */
  onSignIn?: (userId: number) => Promise<unknown>;
}> = async (app, { db, sessions, clientOf, config, onSignIn }) => {
  const client = createProviderClient(config);
  const provider = config.OIDC_PROVIDER_NAME;
  const secureCookie = config.PUBLIC_URL.startsWith('https:');

  app.get(
    '/apple',
    {
      schema: {
        tags: ['user'],
        summary: 'Start signing in with the provider (a browser navigation; redirects to the provider)',
        querystring: providerSignInStartQuerySchema,
        response: redirectResponse,
      },
    },
    async (request, reply) => {
      if (!client) {
        if (isNavigation(request)) return reply.redirect(toPage({ error: 'PROVIDER_NOT_CONFIGURED' }));
        throw new AppError('PROVIDER_NOT_CONFIGURED');
      }
      try {
        const { url, state } = await startSignIn(db, client, safeReturnTo(request.query.returnTo));
        setStateCookie(reply, state, secureCookie);
        return reply.redirect(url.toString());
      } catch (error) {
        request.log.error({ err: error }, 'provider sign-in could not start');
        if (isNavigation(request)) return reply.redirect(toPage({ error: 'PROVIDER_SIGN_IN_FAILED' }));
        throw new AppError('PROVIDER_SIGN_IN_FAILED');
      }
    },
  );

  const callback = async (request: FastifyRequest, reply: FastifyReply, params: ProviderCallbackParams) => {
    if (!client) return reply.redirect(toPage({ error: 'PROVIDER_NOT_CONFIGURED' }));
    try {
      const state = await finishSignIn(db, client, { provider, params, locale: requestLocale(request) });
      return reply.redirect(toPage({ state }));
    } catch (error) {
      request.log.warn(describeFailure(error), 'provider sign-in refused');
      return reply.redirect(toPage({ error: 'PROVIDER_SIGN_IN_FAILED' }));
    }
  };
  const callbackSchema = {
    tags: ['user'],
    summary: "The provider's answer (redirect URI); redirects to the sign-in page with a state or an error",
    response: redirectResponse,
  };
  // Apple answers with form_post; other providers may use the query. Only the callback takes form
  // bodies: the claim below stays JSON-only, out of reach of a cross-site form.
  await app.register(async (scope) => {
    acceptFormBodies(scope);
    const formScope = scope.withTypeProvider<ZodTypeProvider>();
    formScope.post(
      '/apple/callback',
      { schema: { ...callbackSchema, body: providerCallbackParamsSchema } },
      (request, reply) => callback(request, reply, request.body),
    );
  });
  app.get(
    '/apple/callback',
    { schema: { ...callbackSchema, querystring: providerCallbackParamsSchema } },
    (request, reply) => callback(request, reply, request.query),
  );

  app.post(
    '/apple/apple-success-registration',
    {
      config: { rateLimit: app.rateLimits.auth },
      schema: {
        tags: ['user'],
        summary: 'Claim a finished provider sign-in once: the auth record, and whether the account is new',
        body: providerSignInClaimSchema,
        response: { 200: providerSignInResultSchema },
      },
    },
    async (request, reply) => {
      const result = await claimSignIn(
        db,
        (userId) => sessions.sign(userId, clientOf(request)),
        { state: request.body.state, browserState: readStateCookie(request) },
        onSignIn,
      );
      clearStateCookie(reply, secureCookie);
      return result;
    },
  );
};
