import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { AppError } from '../lib/app-error';
import { failClosedRedisStore } from './rate-limit-store';

export interface RateLimitTier {
  max: number;
  timeWindow: number;
  /** false: when the counters cannot be reached, refuse instead of letting the request through. */
  skipOnError?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Per-route tiers on top of the global limit: `config: { rateLimit: app.rateLimits.auth }`. */
    rateLimits: { auth: RateLimitTier; sensitive: RateLimitTier };
    /**
     * Counts one call from `address` against the global limit every plain API route shares (the
     * same counter, in Redis when configured): a socket event that stands in for a request
     * (decision 037). Throws RATE_LIMITED as the route would answer.
     */
    countCall(address: string): Promise<void>;
  }
}

/**
 * Three tiers as in epic-stack: every API route gets the global limit, auth routes the strictest,
 * money and upload routes a middle one. Counters live in Redis when it is configured, so every
 * API process shares them. Without Redis the auth tier fails closed, the others open.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  opts: { max: number; authMax: number; windowSeconds: number; redis?: Redis },
) {
  const timeWindow = opts.windowSeconds * 1000;
  app.decorate('rateLimits', {
    auth: { max: opts.authMax, timeWindow, skipOnError: false },
    sensitive: { max: Math.max(opts.authMax * 3, 1), timeWindow },
  });
  await app.register(rateLimit, {
    global: true,
    max: opts.max,
    timeWindow,
    ...(opts.redis && { store: failClosedRedisStore(opts.redis, 'rl:', app.log) }),
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', { retryAfter: Math.max(1, Math.ceil(context.ttl / 1000)) }),
  });
  // No options: the global store and parameters, so the key is the address as for a request.
  const globalLimit = app.createRateLimit();
  app.decorate('countCall', async (address: string) => {
    // The limiter reads only these of a request (the address, and a route's group, none here).
    const limit = await globalLimit({ ip: address, routeOptions: { config: {} } } as unknown as FastifyRequest);
    if (!limit.isAllowed && limit.isExceeded) {
      throw new AppError('RATE_LIMITED', { retryAfter: Math.max(1, Math.ceil(limit.ttl / 1000)) });
    }
  });
}
