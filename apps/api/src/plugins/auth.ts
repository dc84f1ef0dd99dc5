import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { STAFF_ROLES, type Role } from '@app/shared/constants';
import { AppError } from '../lib/app-error';
import type { TokenClaims } from '../lib/jwt';

export interface AuthUser {
  id: number;
  role: Role;
  /** The sign-in the token belongs to ("this device" in the sessions list). */
  sessionId: string;
  /** When the token, and with it the session, expires. */
  expiresAt: Date;
  /** When this sign-in last proved the account's TOTP (staff need it). */
  secondFactorAt?: Date | null;
}

/** What staff routes demand besides the role (decision 029). */
export interface StaffPolicy {
  secondFactor: 'required' | 'off';
  /** A proven second factor lasts this long. */
  sessionMs: number;
  /** Money and KYC decisions want one this recent. */
  freshMs: number;
  /** In production, the only host staff routes answer on; '' closes them everywhere. */
  adminHost: string | null;
  /** Whether the account has TOTP on (asked only when the session has not proved it). */
  hasTotp(userId: number): Promise<boolean>;
}

/** Issues tokens for new sessions and tells whether a token's session is still live. */
export interface SessionAuthority {
  /** Starts a session for the user and answers its token. */
  sign(userId: number): Promise<string>;
  /** Throws AppError(TOKEN_INVALID) for a bad or expired token. */
  verify(token: string): Promise<TokenClaims>;
  /** Throws TOKEN_INVALID (user gone or blocked) or SESSION_ENDED unless the session is live. */
  check(claims: TokenClaims): Promise<AuthUser>;
}

declare module 'fastify' {
  interface FastifyInstance {
    tokens: SessionAuthority;
    /** Resolves a JWT to a live session of an active user, or throws AUTH_REQUIRED / TOKEN_INVALID / SESSION_ENDED. */
    resolveToken(token: string | undefined): Promise<AuthUser>;
    /** preHandler for a route subtree that needs a logged-in user. */
    authenticate(request: FastifyRequest): Promise<void>;
    /** The signed-in user when a valid token came along, else undefined (routes open to all). */
    identify(request: FastifyRequest): Promise<AuthUser | undefined>;
    /** preHandler factory for routes limited to some roles (checked after authenticate). */
    requireRole(...roles: Role[]): (request: FastifyRequest) => Promise<void>;
    /** The staff rules of requireRole alone, for a route that serves both a person and staff. */
    requireStaffAccess(request: FastifyRequest): Promise<void>;
    /** preHandler after requireRole for staff actions that move money or decide KYC. */
    requireFreshSecondFactor(request: FastifyRequest): Promise<void>;
    /** Every route behind a staff role, as registered (staff-routes.test.ts tries each one). */
    staffRoutes: StaffRoute[];
    /** An onRoute hook for a plugin whose every route is staff work: `app.addHook('onRoute', app.staffOnly('admin'))`. */
    staffOnly(...roles: Role[]): (route: RouteOptions) => void;
  }
  interface FastifyRequest {
    auth?: AuthUser;
  }
}

export interface StaffRoute {
  method: string;
  url: string;
  roles: Role[];
  /** Also wants a fresh second factor (money, KYC decisions). */
  fresh: boolean;
}

type Guard = ((request: FastifyRequest) => Promise<void>) & { staffRoles?: Role[] };

export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value.trim() : undefined;
}

/**
 * Every check is on the server: the token must be valid, its session live (not logged out, not
 * ended by a password reset or from the sessions list) and its user neither blocked nor deleted.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { sessions: SessionAuthority; staff: StaffPolicy }) => {
  const { staff } = opts;
  app.decorate('tokens', opts.sessions);
  app.decorateRequest('auth', undefined);

  app.decorate('resolveToken', async (token: string | undefined) => {
    if (!token) throw new AppError('AUTH_REQUIRED');
    return opts.sessions.check(await opts.sessions.verify(token));
  });

  app.decorate('authenticate', async (request: FastifyRequest) => {
    // A staff route resolved it before validation already (see onRoute below).
    if (request.auth) return;
    request.auth = await app.resolveToken(bearerToken(request.headers.authorization));
  });

  app.decorate('identify', async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) return undefined;
    return app.resolveToken(token).catch(() => undefined);
  });

  /**
   * Staff routes (every allowed role is staff): only on the admin host in production, and only for a
   * sign-in that proved the account's TOTP within the staff session. The role is checked first, so
   * a plain user learns nothing about staff rules.
   */
  async function checkStaff(auth: AuthUser, request: FastifyRequest) {
    if (staff.adminHost !== null && request.hostname.split(':')[0]!.toLowerCase() !== staff.adminHost) {
      throw new AppError('STAFF_HOST_ONLY');
    }
    if (staff.secondFactor === 'off') return;
    const proven = auth.secondFactorAt;
    if (proven && Date.now() - proven.getTime() < staff.sessionMs) return;
    throw new AppError((await staff.hasTotp(auth.id)) ? 'STAFF_SECOND_FACTOR_REQUIRED' : 'STAFF_TOTP_ENROL_REQUIRED');
  }

  app.decorate('requireRole', (...roles: Role[]) => {
    const staffOnly = roles.every((role) => STAFF_ROLES.includes(role));
    const guard: Guard = async (request: FastifyRequest) => {
      if (!request.auth) throw new AppError('AUTH_REQUIRED');
      if (!roles.includes(request.auth.role)) throw new AppError('FORBIDDEN');
      if (staffOnly) await checkStaff(request.auth, request);
    };
    if (staffOnly) guard.staffRoles = roles;
    return guard;
  });

  app.decorate('requireStaffAccess', async (request: FastifyRequest) => {
    if (!request.auth) throw new AppError('AUTH_REQUIRED');
    await checkStaff(request.auth, request);
  });

  app.decorate('requireFreshSecondFactor', async (request: FastifyRequest) => {
    if (!request.auth) throw new AppError('AUTH_REQUIRED');
    if (staff.secondFactor === 'off') return;
    const proven = request.auth.secondFactorAt;
    if (!proven || Date.now() - proven.getTime() >= staff.freshMs) throw new AppError('STAFF_SECOND_FACTOR_STALE');
  });

  /**
   * A staff route's guards run before its body and query are validated, so a person without the
   * role learns nothing of what the route takes; the routes are listed for the test that tries
   * each one with every kind of caller.
   */
  const staffRoutes: StaffRoute[] = [];
  const guarded = new WeakSet<object>();
  app.decorate('staffRoutes', staffRoutes);

  function guardStaffRoute(route: RouteOptions, guard: Guard) {
    if (guarded.has(route)) return;
    guarded.add(route);
    const fresh = [route.preHandler ?? []].flat().includes(app.requireFreshSecondFactor);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') staffRoutes.push({ method, url: route.url, roles: guard.staffRoles!, fresh });
    }
    route.preValidation = [
      app.authenticate,
      ...[route.preValidation ?? []].flat(),
      guard,
      ...(fresh ? [app.requireFreshSecondFactor] : []),
    ] as RouteOptions['preValidation'];
  }

  app.addHook('onRoute', (route) => {
    const guard = ([route.preHandler ?? []].flat() as Guard[]).find((handler) => handler.staffRoles);
    if (guard) guardStaffRoute(route, guard);
  });

  app.decorate('staffOnly', (...roles: Role[]) => (route: RouteOptions) => {
    const guard = app.requireRole(...roles) as Guard;
    route.preHandler = [app.authenticate, guard, ...[route.preHandler ?? []].flat()] as RouteOptions['preHandler'];
    guardStaffRoute(route, guard);
  });
});
