import { Redis } from 'ioredis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testRedisUrl } from '../../test/services';
import { observeAdapterCommands } from './adapter-clients';

const redisUrl = await testRedisUrl();

describe.skipIf(!redisUrl)("the socket adapter's Redis connections", () => {
  const unhandled: unknown[] = [];
  const record = (reason: unknown) => void unhandled.push(reason);
  afterEach(() => void process.off('unhandledRejection', record));

  it('log a command that fails instead of leaving its rejection unhandled', async () => {
    process.on('unhandledRejection', record);
    const log = { warn: vi.fn() };
    const pub = new Redis(redisUrl!);
    // The write after QUIT may also meet a closed socket (EPIPE), reported as an error event.
    pub.on('error', () => undefined);
    observeAdapterCommands([pub], log);
    expect(await pub.publish('adapter-clients-test', 'while up')).toBe(0);

    // As the adapter does: the broadcast is sent and forgotten, here on a connection that closes.
    const quit = pub.quit();
    void pub.publish('adapter-clients-test', 'while closing');
    await quit;
    void pub.publish('adapter-clients-test', 'after the close');
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(unhandled).toEqual([]);
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({
        command: 'publish',
        err: expect.objectContaining({ message: 'Connection is closed.' }),
      }),
      'socket adapter: a Redis command failed',
    );
  });
});
