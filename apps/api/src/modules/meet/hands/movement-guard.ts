import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import type { Clock } from '../../../lib/clock';
import { checkMovement } from '../detector/impossible-movement';
import type { MovementGuard, TrackedPosition } from '../nearby/nearby-index';
import { raiseRestriction } from '../protection/restrictions';

/**
 * The nearby index's movement hook, backed by the detector's impossible-movement rule: a hand that
 * would move faster than 300 m/s stays where it was, and the jump is flagged as a device-protection
 * restriction (docs/decisions/009). Only the index calls it, and only when a previous position of
 * the same raised hand is known.
 */
export function createMovementGuard(db: Db, clock: Clock, log: FastifyBaseLogger): MovementGuard {
  const fix = (userId: number, p: TrackedPosition) => ({
    userId,
    lat: p.lat,
    lng: p.lng,
    accuracy: p.accuracyMeters ?? 0,
    timestamp: p.at,
  });
  return async (userId, from, to) => {
    const verdict = checkMovement({ last: fix(userId, from) }, fix(userId, to));
    if (verdict.accepted) return true;
    if (verdict.flag) {
      const speed = verdict.flag.speedMetersPerSecond;
      try {
        await raiseRestriction(db, {
          userId,
          reason: 'impossible_movement',
          at: clock.now(),
          // Speed only, never the positions: the flag outlives the hand, the positions must not.
          detail: { source: 'map', speedMetersPerSecond: Number.isFinite(speed) ? Math.round(speed) : null },
        });
      } catch (error) {
        log.error({ err: error, userId }, 'could not record an impossible movement');
      }
    }
    return false;
  };
}
