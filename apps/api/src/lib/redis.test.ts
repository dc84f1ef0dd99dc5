import { describe, expect, it, vi } from 'vitest';
import { testRedisUrl } from '../../test/services';
import { createRedisClients } from './redis';

const redisUrl = await testRedisUrl();

describe.skipIf(!redisUrl)('the Redis connections', () => {
  it('report a connection error to the log, naming the connection, and still answer', async () => {
    const log = { warn: vi.fn() };
    const redis = await createRedisClients(redisUrl!, log);
    try {
      // What ioredis emits on each try while Redis is away (an event without a listener is printed as unhandled).
      redis.pub.emit('error', new Error('connect ECONNREFUSED 127.0.0.1:6379'));
      expect(log.warn).toHaveBeenCalledWith(
        { err: expect.objectContaining({ message: 'connect ECONNREFUSED 127.0.0.1:6379' }), connection: 'pub' },
        'redis connection error',
      );
      expect(await redis.client.ping()).toBe('PONG');
    } finally {
      await redis.close();
    }
  });
});
