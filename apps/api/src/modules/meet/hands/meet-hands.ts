import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Database, Db } from '../../../db/client';
import type { Clock } from '../../../lib/clock';
import { blockedIds } from '../../people/blocks';
import { createNearbyIndex } from '../nearby/create-nearby-index';
import type { LatLng } from '../nearby/geo';
import type { NearbyIndex } from '../nearby/nearby-index';
import { loadVisibleHands } from './cards';
import { createRedisHandBus, type HandBus } from './hand-bus';
import type { HandEvent } from './hand-event';
import { LiveMap } from './live-map';
import { deriveLocationSecret } from './location-secret';
import { createMovementGuard } from './movement-guard';
import { handsScope } from './scope';
import { tileOf } from './tiles';

/** Everything the raised hands need, built once per app: the index, the live map, the secret. */
export interface MeetHands {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  index: NearbyIndex;
  liveMap: LiveMap;
  /** Key of the per-viewer offsets (location-secret.ts). */
  secret: Buffer;
  minAge: number;
  /** Prefix of this deployment's Redis keys and channels (scope.ts). */
  keyPrefix: string;
  /**
   * Tells every watcher (on every process) about the user's hand as it is now: its card, or its
   * removal when nobody may see it any more. `prev` is where it was shown before, when it moved.
   */
  announce(userId: number, prev: LatLng | null): Promise<void>;
  /** Tells the watchers who could see the hand at `last` that it is gone. */
  announceRemove(userId: number, last: LatLng): Promise<void>;
  /** Closes the index and the hand bus (after the server closed). */
  close(): Promise<void>;
}

export interface MeetHandsDeps {
  database: Database;
  /** DATA_DIR: names the Redis keys of an embedded database (scope.ts). */
  dataDir: string;
  clock: Clock;
  log: FastifyBaseLogger;
  jwtSecret: string;
  minAge: number;
  redis?: Redis;
}

/** Builds the raised-hands runtime: the nearby index, the live map and the bus between processes. */
export async function createMeetHands(options: MeetHandsDeps): Promise<MeetHands> {
  const { db } = options.database;
  const { clock, log } = options;
  const keyPrefix = `meet:${await handsScope(options.database, options.dataDir)}`;
  const secret = deriveLocationSecret(options.jwtSecret);
  const index = createNearbyIndex({
    ...(options.redis && { redis: options.redis, keyPrefix: `${keyPrefix}:nearby` }),
    movementGuard: createMovementGuard(db, clock, log),
  });
  const origin = crypto.randomUUID();
  let bus: HandBus | undefined;
  const liveMap = new LiveMap(
    secret,
    options.redis && {
      open: (tile) => bus!.listen(tile),
      close: (tile) => bus!.unlisten(tile),
    },
  );
  if (options.redis) {
    bus = createRedisHandBus({
      redis: options.redis,
      prefix: keyPrefix,
      origin,
      deliver: (event) => liveMap.dispatch(event),
      log,
    });
  }

  // Published before the local fan-out, whose emits take a while with thousands of watchers: the
  // other processes tell theirs meanwhile instead of after it. The order of events is kept on each
  // side (one Redis connection; local delivery is synchronous).
  const emit = async (event: HandEvent, tiles: number[]) => {
    const published = bus?.publish(event, tiles);
    try {
      liveMap.dispatch(event);
    } finally {
      // Awaited however the local step ended: a publish failing unobserved would be an unhandled rejection.
      await published;
    }
  };

  const hands: MeetHands = {
    db,
    clock,
    log,
    index,
    liveMap,
    secret,
    minAge: options.minAge,
    keyPrefix,
    async announce(userId, prev) {
      try {
        const [visible, blocked] = await Promise.all([
          loadVisibleHands(db, [userId], clock.now()).then((m) => m.get(userId)),
          blockedIds(db, userId),
        ]);
        if (!visible) {
          if (prev) await emit({ kind: 'remove', userId, at: prev, blocked }, [tileOf(prev)]);
          return;
        }
        const at = { lat: visible.lat, lng: visible.lng };
        const tiles = [...new Set([tileOf(at), ...(prev ? [tileOf(prev)] : [])])];
        await emit({ kind: 'update', userId, at, prev, base: visible.base, blocked }, tiles);
      } catch (error) {
        // The change itself is stored; a watcher that missed it catches up on its next list.
        log.error({ err: error, userId }, 'could not announce a hand');
      }
    },
    async announceRemove(userId, last) {
      try {
        await emit({ kind: 'remove', userId, at: last, blocked: await blockedIds(db, userId) }, [tileOf(last)]);
      } catch (error) {
        log.error({ err: error, userId }, 'could not announce a lowered hand');
      }
    },
    async close() {
      await bus?.close();
      await index.close();
    },
  };
  return hands;
}
