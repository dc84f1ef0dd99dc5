import type { FastifyInstance } from 'fastify';
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
}
