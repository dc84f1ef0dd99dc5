import type { IncomingMessage } from 'node:http';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../lib/app-error';

/** The client's address as Fastify tells it: behind a trusted proxy, the first X-Forwarded-For entry. */
export function clientAddress(request: IncomingMessage, trustProxy: boolean): string {
  const forwarded = request.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return (trustProxy && first) || request.socket.remoteAddress || 'unknown';
}

/**
 * Socket handshakes per client address and minute. A handshake costs a token check and a
 * database read, so a flood of them is refused before either; on Redis every process counts together.
 */
export function createHandshakeLimit(opts: { perMinute: number; trustProxy: boolean; redis?: Redis }) {
  const rule = { points: opts.perMinute, duration: 60 };
  const limiter = opts.redis
    ? new RateLimiterRedis({ storeClient: opts.redis, keyPrefix: 'sio:handshake', ...rule })
    : new RateLimiterMemory({ keyPrefix: 'sio:handshake', ...rule });

  return {
    /** Throws RATE_LIMITED with the seconds to wait once the address used up its handshakes. */
    async consume(request: IncomingMessage): Promise<void> {
      try {
        await limiter.consume(clientAddress(request, opts.trustProxy));
      } catch (result) {
        if (result instanceof RateLimiterRes) {
          throw new AppError('RATE_LIMITED', { retryAfter: Math.max(1, Math.ceil(result.msBeforeNext / 1000)) });
        }
        throw result;
      }
    },
  };
}
