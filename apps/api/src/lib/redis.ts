import { Redis } from 'ioredis';

export interface RedisClients {
  client: Redis;
  pub: Redis;
  sub: Redis;
  close(): Promise<void>;
}

/** One command connection (rate limits, presence) and a pub/sub pair for the socket adapter. */
export async function createRedisClients(url: string): Promise<RedisClients> {
  const client = new Redis(url, { maxRetriesPerRequest: 2, connectTimeout: 5000, enableOfflineQueue: true });
  const pub = client.duplicate();
  const sub = client.duplicate();
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
