import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { HandEvent } from './hand-event';

/**
 * Hand events between API processes: one Redis channel per map tile, and each process subscribes
 * to the tiles its own watchers cover, so an event reaches only the processes that have someone
 * to tell (docs/decisions/013-live-map-fan-out.md). The publishing process has already told its
 * own sockets, so it ignores its own messages.
 */
export interface HandBus {
  /** Sends the event to the processes listening to any of these tiles (each receives it once). */
  publish(event: HandEvent, tiles: number[]): Promise<void>;
  listen(tile: number): Promise<void>;
  unlisten(tile: number): void;
  close(): Promise<void>;
}

interface Envelope {
  /** The publishing process. */
  o: string;
  /** Every tile the event was published to. */
  t: number[];
  e: HandEvent;
}

export function createRedisHandBus(options: {
  redis: Redis;
  /** Channel prefix of this deployment (scope.ts). */
  prefix: string;
  origin: string;
  deliver: (event: HandEvent) => void;
  log: FastifyBaseLogger;
}): HandBus {
  const { redis, prefix, origin, deliver, log } = options;
  const channel = (tile: number) => `${prefix}:tile:${tile}`;
  const listening = new Set<number>();
  // A subscribed connection can do nothing else; it resubscribes by itself after a reconnect.
  const sub = redis.duplicate();
  sub.on('error', (error) => log.warn({ err: error }, 'live map subscriber connection error'));
  sub.on('message', (name: string, raw: string) => {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(raw) as Envelope;
    } catch {
      return;
    }
    if (envelope.o === origin) return;
    const tile = Number(name.slice(name.lastIndexOf(':') + 1));
    // Sent to two tiles we both listen to: handle it on the first only.
    if (envelope.t.find((t) => listening.has(t)) !== tile) return;
    try {
      deliver(envelope.e);
    } catch (error) {
      log.error({ err: error }, 'live map delivery failed');
    }
  });

  return {
    async publish(event, tiles) {
      const raw = JSON.stringify({ o: origin, t: tiles, e: event } satisfies Envelope);
      await Promise.all(tiles.map((tile) => redis.publish(channel(tile), raw)));
    },
    async listen(tile) {
      listening.add(tile);
      await sub.subscribe(channel(tile));
    },
    unlisten(tile) {
      listening.delete(tile);
      sub.unsubscribe(channel(tile)).catch((error: unknown) => log.warn({ err: error }, 'live map unsubscribe failed'));
    },
    async close() {
      await sub.quit().catch(() => sub.disconnect());
    },
  };
}
