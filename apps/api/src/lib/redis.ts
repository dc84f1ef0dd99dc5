import { Redis } from 'ioredis';

export interface RedisClients {
  client: Redis;
  pub: Redis;
  sub: Redis;
  close(): Promise<void>;
}

/**
 * One command connection (rate limits, presence) and a pub/sub pair for the socket adapter. With a
 * log, their connection errors (each try while Redis is away) go to it instead of ioredis printing
 * them as unhandled; the connections reconnect by themselves either way.
 */
export async function createRedisClients(
  url: string,
  log?: { warn(obj: object, msg: string): void },
): Promise<RedisClients> {
  const client = new Redis(url, { maxRetriesPerRequest: 2, connectTimeout: 5000, enableOfflineQueue: true });
  const pub = client.duplicate();
  const sub = client.duplicate();
  if (log) {
    for (const [connection, redis] of Object.entries({ client, pub, sub }))
      redis.on('error', (error: Error) => log.warn({ err: error, connection }, 'redis connection error'));
  }
  await Promise.all([client.ping(), pub.ping(), sub.ping()]);
  return {
    client,
    pub,
    sub,
    async close() {
      await Promise.allSettled([client.quit(), pub.quit(), sub.quit()]);
    },
  };
}
