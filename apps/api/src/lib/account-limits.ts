import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import { AppError } from './app-error';
import { createLoginThrottle, type LoginThrottle } from './login-throttle';

/**
 * Limits per account (e-mail or user id), on top of the per-IP limits of the auth tier: someone
 * rotating addresses still cannot guess one account's password or codes.
 */
export interface AccountLimits {
  /** Throws RATE_LIMITED with the seconds to wait once `key` used up its attempts. */
  consume(kind: LimitKind, key: string): Promise<void>;
  /** Forgets the attempts of `key`. */
  reset(kind: LimitKind, key: string): Promise<void>;
  /** Wrong passwords: growing waits per client and e-mail instead of a lock. */
  login: LoginThrottle;
}

export type LimitKind = 'register' | 'codeSend' | 'codeCheck' | 'codeForeign';

const RULES: Record<LimitKind, { points: number; duration: number }> = {
  register: { points: 5, duration: 60 * 60 },
  codeSend: { points: 5, duration: 60 * 60 },
  // Per account and client address.
  codeCheck: { points: 15, duration: 15 * 60 },
  // Guesses at a recovery code from other addresses than the one that asked for it, per account.
  codeForeign: { points: 5, duration: 60 * 60 },
};

export function createAccountLimits(redis?: Redis): AccountLimits {
  const limiters = Object.fromEntries(
    Object.entries(RULES).map(([kind, rule]) => [
      kind,
      redis
        ? new RateLimiterRedis({ storeClient: redis, keyPrefix: `acct:${kind}`, ...rule })
        : new RateLimiterMemory({ keyPrefix: kind, ...rule }),
    ]),
  ) as Record<LimitKind, RateLimiterMemory | RateLimiterRedis>;

  return {
    async consume(kind, key) {
      try {
        await limiters[kind].consume(key.toLowerCase());
      } catch (result) {
        if (result instanceof RateLimiterRes) {
          throw new AppError('RATE_LIMITED', { retryAfter: Math.max(1, Math.ceil(result.msBeforeNext / 1000)) });
        }
        throw result;
      }
    },
    async reset(kind, key) {
      await limiters[kind].delete(key.toLowerCase());
    },
    login: createLoginThrottle(redis),
  };
}
