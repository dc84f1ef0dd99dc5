import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createTokenService } from '../../lib/jwt';
import { sessionRoutes } from './routes';
import { createSessionService, type SessionServiceDeps } from './session-service';
import { signInClientOf } from './sign-in-client';

/** Sign-in sessions: the tokens, the sessions list, and what a sign-in records of its device. */
export function createSessionsModule(deps: {
  db: Db;
  jwtSecret: string;
  config: Pick<Config, 'AUTH_TOKEN_TTL_SECONDS' | 'STAFF_SESSION_HOURS' | 'TRUST_PROXY' | 'COUNTRY_HEADER'>;
  /** Ends the sockets of a session (the realtime layer). */
  closeSockets: SessionServiceDeps['closeSockets'];
}) {
  const { config } = deps;
  const sessions = createSessionService({
    db: deps.db,
    jwt: createTokenService(deps.jwtSecret),
    ttlSeconds: config.AUTH_TOKEN_TTL_SECONDS,
    staffTtlSeconds: Math.round(config.STAFF_SESSION_HOURS * 3600),
    closeSockets: deps.closeSockets,
  });
  return {
    sessions,
    /** The device and country of a sign-in, for the sessions list. */
    clientOf: (request: FastifyRequest) =>
      signInClientOf(request, { trustProxy: config.TRUST_PROXY, countryHeader: config.COUNTRY_HEADER }),
    /** Register under /api/user. */
    routes: sessionRoutes,
    routeOptions: { sessions },
  };
}
export type SessionsModule = ReturnType<typeof createSessionsModule>;
