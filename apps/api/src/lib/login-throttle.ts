import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import { AppError } from './app-error';

/**
 * Wrong passwords slow the guesser down instead of locking the account. Each (e-mail, client
 * address) has a few free failures an hour, then waits that double with every failure (2 s, 4 s,
 * ... up to 15 minutes). The e-mail alone has a higher ceiling a day for guesses spread over many
 * addresses, with waits up to an hour; an address the person signed in from in the last 20 days
 * is exempt from it, so strangers cannot keep the owner out. Brute force stays out of reach: from
 * one address about twenty guesses an hour, from any number of addresses about fifty a day.
 */
export interface LoginThrottle {
  /** Throws LOGIN_WAIT with the seconds to wait while this client must wait for this e-mail. */
  check(email: string, address: string): Promise<void>;
  failed(email: string, address: string): Promise<void>;
  succeeded(email: string, address: string): Promise<void>;
}

export const LOGIN_RULES = {
  pair: { freeFailures: 5, window: 60 * 60, maxWait: 15 * 60 },
  email: { freeFailures: 20, window: 24 * 60 * 60, maxWait: 60 * 60 },
  // Below 24.8 days: the in-process store keeps each key with a timer, which cannot wait longer.
  trustedDays: 20,
} as const;

/** The wait after `failures` failures: none while free, then 2, 4, 8 ... seconds up to the cap. */
export function waitAfter(failures: number, rule: { freeFailures: number; maxWait: number }): number {
  const over = failures - rule.freeFailures;
  return over <= 0 ? 0 : Math.min(rule.maxWait, 2 ** Math.min(over, 30));
}

export function createLoginThrottle(redis?: Redis): LoginThrottle {
  const limiter = (keyPrefix: string, duration: number, points = 1_000_000): RateLimiterAbstract =>
    redis
      ? new RateLimiterRedis({ storeClient: redis, keyPrefix: `login:${keyPrefix}`, points, duration })
      : new RateLimiterMemory({ keyPrefix: `login:${keyPrefix}`, points, duration });
  const failures = {
    pair: limiter('pair', LOGIN_RULES.pair.window),
    email: limiter('email', LOGIN_RULES.email.window),
  };
  // A blocked key (one point, blocked for the wait) says "not before then".
  const waits = { pair: limiter('wait-pair', 1, 1), email: limiter('wait-email', 1, 1) };
  const trusted = limiter('trusted', LOGIN_RULES.trustedDays * 24 * 60 * 60);
  const keys = (email: string, address: string) => {
    const e = email.trim().toLowerCase();
    return { email: e, pair: `${e}|${address}` };
  };
  const remaining = async (wait: RateLimiterAbstract, key: string) => {
    const res = await wait.get(key);
    return res && res.consumedPoints > 1 ? res.msBeforeNext : 0;
  };

  return {
    async check(email, address) {
      const k = keys(email, address);
      const isTrusted = ((await trusted.get(k.pair))?.consumedPoints ?? 0) > 0;
      const ms = Math.max(await remaining(waits.pair, k.pair), isTrusted ? 0 : await remaining(waits.email, k.email));
      if (ms > 0) throw new AppError('LOGIN_WAIT', { retryAfter: Math.max(1, Math.ceil(ms / 1000)) });
    },
    async failed(email, address) {
      const k = keys(email, address);
      const [pair, all] = await Promise.all([failures.pair.penalty(k.pair, 1), failures.email.penalty(k.email, 1)]);
      const pairWait = waitAfter(pair.consumedPoints, LOGIN_RULES.pair);
      const emailWait = waitAfter(all.consumedPoints, LOGIN_RULES.email);
      await Promise.all([
        pairWait > 0 && waits.pair.block(k.pair, pairWait),
        emailWait > 0 && waits.email.block(k.email, emailWait),
      ]);
    },
    async succeeded(email, address) {
      const k = keys(email, address);
      await Promise.all([
        failures.pair.delete(k.pair),
        waits.pair.delete(k.pair),
        trusted.set(k.pair, 1, LOGIN_RULES.trustedDays * 24 * 60 * 60),
      ]);
    },
  };
}
