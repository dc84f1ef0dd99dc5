import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Database, Db } from '../../db/client';
import type { CacheChannel } from '../../lib/cache-channel';
import { createTokenService } from '../../lib/jwt';
import { sessionRoutes } from './routes';
import { createProfileCache, createSessionCache } from './session-cache';
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
  /** The platform's channel that empties the caches on every process (through Redis, with several). */
  cacheChannel: CacheChannel;
  /** The database's notice of committed row changes, whoever made them. */
  onRowsChanged: Database['onRowsChanged'];
}) {
  const { config } = deps;
  const ttlMs = config.SESSION_CACHE_SECONDS * 1000;
  const cache = createSessionCache({ ttlMs });
  const profiles = createProfileCache({ ttlMs });
  const channel = deps.cacheChannel;
  channel.add(cache);
  channel.add(profiles);
  // Whichever code changes a user row or a KYC application (the checkmark), every process has
  // dropped its /me rows before that code goes on.
  const unwatch = deps.onRowsChanged([{ name: 'users' }, { name: 'kyc_applications', inserts: true }], () =>
    channel.forget({ caches: ['profiles'] }),
  );
  const sessions = createSessionService({
    db: deps.db,
    jwt: createTokenService(deps.jwtSecret),
    ttlSeconds: config.AUTH_TOKEN_TTL_SECONDS,
    staffTtlSeconds: Math.round(config.STAFF_SESSION_HOURS * 3600),
    closeSockets: deps.closeSockets,
    cache,
    forget: channel.forget,
  });
  return {
    sessions,
    /** Tests that write session rows directly (no service call) empty it with `forget({ all: true })`. */
    cache,
    /** GET /api/user/me's answers (user module). */
    profiles,
    /** The device and country of a sign-in, for the sessions list. */
    clientOf: (request: FastifyRequest) =>
      signInClientOf(request, { trustProxy: config.TRUST_PROXY, countryHeader: config.COUNTRY_HEADER }),
    /** Register under /api/user. */
    routes: sessionRoutes,
    routeOptions: { sessions },
    async close() {
      unwatch();
    },
  };
}
export type SessionsModule = ReturnType<typeof createSessionsModule>;
