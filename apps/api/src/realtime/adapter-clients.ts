import type { Redis } from 'ioredis';

/**
 * @socket.io/redis-adapter sends its broadcasts, requests and subscriptions without awaiting them,
 * so one that fails (Redis gone past the retries, a connection closing under it at shutdown) would
 * be an unhandled rejection, and that ends a Node process. The two connections are the adapter's
 * own (lib/redis.ts): every command on them gets a handler that logs the failure; a lost broadcast
 * is what a socket that was offline also misses, and the screens read their state again on
 * reconnect.
 */
export function observeAdapterCommands(clients: Redis[], log: { warn(obj: object, msg: string): void }): void {
  for (const client of clients) {
    const send = client.sendCommand.bind(client);
    client.sendCommand = (command, stream) => {
      const sent = send(command, stream);
      command.promise.catch((error: unknown) =>
        log.warn({ err: error, command: command.name }, 'socket adapter: a Redis command failed'),
      );
      return sent;
    };
  }
}
