import net from 'node:net';

/** Whether something listens at a URL's host and port (a quick TCP probe). */
export async function reachable(url: string, timeoutMs = 500): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.setTimeout(timeoutMs, () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', () => resolve(false));
  });
}

/**
 * The Redis that tests use: REDIS_URL when set (then it must answer), else a local server when
 * one answers, else none (the Redis tests are skipped on a machine without it).
 */
export async function testRedisUrl(): Promise<string | undefined> {
  if (process.env.REDIS_URL) return process.env.REDIS_URL;
  const local = 'redis://127.0.0.1:6379';
  return (await reachable(local)) ? local : undefined;
}
