import crypto from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Db } from '../../../db/client';
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
import { rebuildIndex } from './rebuild';
import { handsScope } from './scope';
import { startSweeper, sweepExpiredHands, type Sweeper } from './sweeper';
import type { Realtime } from '../../../realtime/socket-server';
import { onMeetWatch } from './watch-socket';
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
  /** Drops expired hands now (the sweeper does it every second); resolves how many. */
  sweep(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    meetHands: MeetHands;
  }
}

const SWEEP_INTERVAL_MS = 1_000;

/**
 * Builds the raised-hands runtime and ties it to the app's life: on ready the index is rebuilt from
 * the hands table (a restart loses no hand) and the expiry sweeper starts; on close both stop.
 */
export async function createMeetHands(
  app: FastifyInstance,
  options: { jwtSecret: string; redis?: Redis; realtime: Realtime },
): Promise<MeetHands> {
  const db = app.database.db;
  const clock = app.clock;
  const log = app.log.child({ module: 'meet-hands' });
  const keyPrefix = `meet:${await handsScope(app.database, app.config.DATA_DIR)}`;
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

  const emit = async (event: HandEvent, tiles: number[]) => {
    liveMap.dispatch(event);
    await bus?.publish(event, tiles);
  };

  const hands: MeetHands = {
    db,
    clock,
    log,
    index,
    liveMap,
    secret,
    minAge: app.config.MIN_AGE,
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
    sweep: () => sweeper.sweep(),
  };
  const sweeper: Sweeper = startSweeper(() => sweepExpiredHands(hands), SWEEP_INTERVAL_MS, log);

  options.realtime.onSocket((socket) => socket.on('meet:watch', (area, ack) => onMeetWatch(hands, socket, area, ack)));
  app.decorate('meetHands', hands);
  app.addHook('onReady', async () => {
    const restored = await rebuildIndex(db, index, clock.now());
    if (restored) log.info({ hands: restored }, 'nearby index rebuilt from the hands table');
    sweeper.start();
  });
  app.addHook('preClose', async () => {
    await sweeper.stop();
  });
  app.addHook('onClose', async () => {
    await bus?.close();
    await index.close();
  });
  return hands;
}
