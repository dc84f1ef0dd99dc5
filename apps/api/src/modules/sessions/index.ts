import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../../config';
import type { Database, Db } from '../../db/client';
import { createTokenService } from '../../lib/jwt';
import { sessionRoutes } from './routes';
import { createProfileCache, createSessionCache } from './session-cache';
import { createSessionInvalidation } from './session-invalidation';
import { createSessionService, type SessionServiceDeps } from './session-service';
import { signInClientOf } from './sign-in-client';

/** Sign-ins: the tokens, the sessions list, the cache of live sessions, and what a sign-in records of its device. */
export function createSessionsModule(deps: {
  db: Db;
  jwtSecret: string;
  config: Pick<
    Config,
    'AUTH_TOKEN_TTL_SECONDS' | 'STAFF_SESSION_HOURS' | 'TRUST_PROXY' | 'COUNTRY_HEADER' | 'SESSION_CACHE_SECONDS'
  >;
  /** Ends the sockets of a session (the realtime layer). */
  closeSockets: SessionServiceDeps['closeSockets'];
  /** With several processes: the cache of each drops a changed session through Redis. */
  redis?: Redis;
  /** The deployment's name on the shared Redis (every process of it the same). */
  scope: string;
  log: FastifyBaseLogger;
  /** The database's notice of committed row changes, whoever made them. */
  onRowsChanged: Database['onRowsChanged'];
}) {
  const { config } = deps;
  const ttlMs = config.SESSION_CACHE_SECONDS * 1000;
  const cache = createSessionCache({ ttlMs });
  const profiles = createProfileCache({ ttlMs });
  const invalidation = createSessionInvalidation({
    caches: [cache, profiles],
    redis: deps.redis,
    scope: deps.scope,
    log: deps.log,
  });
  // Whichever code changes a user row or a KYC application (the checkmark), every process has
  // dropped its /me rows before that code goes on.
  const unwatch = deps.onRowsChanged([{ name: 'users' }, { name: 'kyc_applications', inserts: true }], () =>
    invalidation.forget({ profiles: true }),
  );
  const sessions = createSessionService({
    db: deps.db,
    jwt: createTokenService(deps.jwtSecret),
    ttlSeconds: config.AUTH_TOKEN_TTL_SECONDS,
    staffTtlSeconds: Math.round(config.STAFF_SESSION_HOURS * 3600),
    closeSockets: deps.closeSockets,
    cache,
    forget: invalidation.forget,
  });
  return {
    sessions,
    /** Tests that write session rows directly (no service call) empty it with `forget({ all: true })`. */
    cache,
    /** GET /api/user/me's answers (user module). */
    profiles,
    /**
     * The channel that empties these caches on every process: another module's cache joins it
     * (`add`, before start) and its changes go through it (`forget`), e.g. the wallet's (decision 038).
     */
    cacheChannel: { add: invalidation.add, forget: invalidation.forget },
    /** How long a cached row may live without a change telling (SESSION_CACHE_SECONDS), for the caches that join. */
    cacheTtlMs: ttlMs,
    /** The device and country of a sign-in, for the sessions list. */
    clientOf: (request: FastifyRequest) =>
      signInClientOf(request, { trustProxy: config.TRUST_PROXY, countryHeader: config.COUNTRY_HEADER }),
    /** Register under /api/user. */
    routes: sessionRoutes,
    routeOptions: { sessions },
    /** Before the app serves: the subscription that keeps the cache honest across processes. */
    start: invalidation.start,
    async close() {
      unwatch();
      await invalidation.close();
    },
  };
}
export type SessionsModule = ReturnType<typeof createSessionsModule>;
