import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import type { Role } from '@app/shared/constants';
import { AppError } from '../lib/app-error';
import type { TokenService } from '../lib/jwt';
import { users } from '../db/schema';
import type { Db } from '../db/client';

export interface AuthUser {
  id: number;
  role: Role;
}

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    /** Resolves a JWT to an active user, or throws AUTH_REQUIRED / TOKEN_INVALID. */
    resolveToken(token: string | undefined): Promise<AuthUser>;
    /** preHandler for a route subtree that needs a logged-in user. */
    authenticate(request: FastifyRequest): Promise<void>;
    /** The signed-in user when a valid token came along, else undefined (routes open to all). */
    identify(request: FastifyRequest): Promise<AuthUser | undefined>;
    /** preHandler factory for routes limited to some roles (checked after authenticate). */
    requireRole(...roles: Role[]): (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    auth?: AuthUser;
  }
}

export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value.trim() : undefined;
}

/** Every check is on the server: the token must be valid and its user neither blocked nor deleted. */
export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Db; tokens: TokenService }) => {
  app.decorate('tokens', opts.tokens);
  app.decorateRequest('auth', undefined);

  app.decorate('resolveToken', async (token: string | undefined) => {
    if (!token) throw new AppError('AUTH_REQUIRED');
    const { userId } = await opts.tokens.verify(token);
    const [user] = await opts.db
      .select({ id: users.id, role: users.role, blockedAt: users.blockedAt, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!user || user.blockedAt || user.deletedAt) throw new AppError('TOKEN_INVALID');
    return { id: user.id, role: user.role };
  });

  app.decorate('authenticate', async (request: FastifyRequest) => {
    request.auth = await app.resolveToken(bearerToken(request.headers.authorization));
  });

  app.decorate('identify', async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) return undefined;
    return app.resolveToken(token).catch(() => undefined);
  });

  app.decorate('requireRole', (...roles: Role[]) => async (request: FastifyRequest) => {
    if (!request.auth) throw new AppError('AUTH_REQUIRED');
    if (!roles.includes(request.auth.role)) throw new AppError('FORBIDDEN');
  });
});
