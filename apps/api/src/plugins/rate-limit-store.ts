import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { AppError } from '../lib/app-error';

type Callback = (error: Error | null, result: { current: number; ttl: number } | null) => void;
interface Store {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: RouteParams): Store;
}
interface RouteParams {
  skipOnError?: boolean;
  continueExceeding: boolean;
  exponentialBackoff: boolean;
  routeInfo: { method: string; url: string };
}

// The plugin's own Redis store (its Lua script and key layout); the package has no typed export of it.
const RedisStore = createRequire(import.meta.url)('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => Store;

/**
 * The Redis store, telling apart the tiers when Redis does not answer: a tier that fails closed
 * (skipOnError: false, the auth routes) refuses the request with SERVICE_UNAVAILABLE, because an
 * unlimited login is a password-guessing machine; the others let it through. Both log at error
 * level, so an operator sees that the limits are off.
 */
export function failClosedRedisStore(redis: Redis, nameSpace: string, log: FastifyBaseLogger) {
  const guard = (inner: Store, failClosed: boolean, route: string): Store => ({
    incr(key, cb, timeWindow, max) {
      inner.incr(
        key,
        (error, result) => {
          if (!error) return cb(null, result);
          log.error(
            { err: error, route, failClosed },
            failClosed
              ? 'RATE LIMITS DOWN: Redis does not answer, refusing this auth request'
              : 'RATE LIMITS DOWN: Redis does not answer, letting this request through unlimited',
          );
          cb(failClosed ? new AppError('SERVICE_UNAVAILABLE', { retryAfter: 5 }) : error, null);
        },
        timeWindow,
        max,
      );
    },
    child(routeOptions) {
      const { method, url } = routeOptions.routeInfo;
      return guard(inner.child(routeOptions), routeOptions.skipOnError === false, `${method} ${url}`);
    },
  });
  // The plugin's typings say `child` gets route options; at run time it gets the merged limit params.
  return class {
    constructor(params: { continueExceeding: boolean; exponentialBackoff: boolean }) {
      return guard(new RedisStore(params.continueExceeding, params.exponentialBackoff, redis, nameSpace), false, '*');
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
