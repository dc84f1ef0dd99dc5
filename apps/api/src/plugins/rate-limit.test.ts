import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { registerErrorHandler } from './error-handler';
import { registerRateLimit } from './rate-limit';
import { testRedisUrl } from '../../test/services';

/** Redis gone: the auth tier refuses (a login without limits is a guessing machine), the rest goes on. */
describe('rate limits when Redis does not answer', () => {
  let app: FastifyInstance;
  let redis: Redis;
  const logged: { level: number; msg: string }[] = [];

  beforeAll(async () => {
    // Nothing listens on port 1; no offline queue, so every command fails at once.
    redis = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    app = Fastify({
      logger: { level: 'error', stream: { write: (line: string) => logged.push(JSON.parse(line)) } },
    });
    registerErrorHandler(app);
    await registerRateLimit(app, { max: 100, authMax: 5, windowSeconds: 60, redis });
    app.post('/login', { config: { rateLimit: app.rateLimits.auth } }, async () => ({ ok: true }));
    app.post('/withdraw', { config: { rateLimit: app.rateLimits.sensitive } }, async () => ({ ok: true }));
    app.get('/wallet', async () => ({ ok: true }));
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    redis.disconnect();
  });

  it('refuses auth routes with SERVICE_UNAVAILABLE and logs it at error level', async () => {
    const res = await app.inject({ method: 'POST', url: '/login' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(logged.some((l) => l.level >= 50 && /RATE LIMITS DOWN.*refusing/.test(l.msg))).toBe(true);
  });

  it('lets the other tiers through, logging that they run unlimited', async () => {
    expect((await app.inject({ method: 'GET', url: '/wallet' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/withdraw' })).statusCode).toBe(200);
    expect(logged.some((l) => /RATE LIMITS DOWN.*through unlimited/.test(l.msg))).toBe(true);
  });
});

const liveRedis = await testRedisUrl();

describe.skipIf(!liveRedis)('rate limits on a live Redis', () => {
  it('still count: the auth tier refuses the request after its ceiling', async () => {
    const redis = new Redis(liveRedis!, { maxRetriesPerRequest: 2 });
    const app = Fastify();
    registerErrorHandler(app);
    await registerRateLimit(app, { max: 100, authMax: 3, windowSeconds: 60, redis });
    const url = `/login-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    app.post(url, { config: { rateLimit: app.rateLimits.auth } }, async () => ({ ok: true }));
    await app.ready();
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await app.inject({ method: 'POST', url })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    await app.close();
    await redis.quit();
  });
});
