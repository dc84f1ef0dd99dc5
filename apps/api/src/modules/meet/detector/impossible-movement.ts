import { isValidFix, type Fix } from './fix';
import { haversineMeters } from './geo';
import { MOVEMENT_RULES, type MovementRules } from './rules';

/**
 * Impossible movement: consecutive fixes of one user that imply travelling faster than a plane
 * (MAX_SPEED_METERS_PER_SECOND). That is what GPS spoofing looks like (a position typed in, then
 * another one across town a second later), so the fix is ignored and a flag raised; the flag
 * feeds the minting restriction (restriction.ts).
 */

export interface ImpossibleMovementFlag {
  kind: 'impossible_movement';
  userId: number;
  /** Time of the offending fix. */
  at: number;
  /** Implied speed, m/s (Infinity for a jump within the same millisecond). */
  speedMetersPerSecond: number;
}

/** Per user: only the last accepted fix, the reference the next one is measured from. */
export interface MovementState {
  readonly last: Fix | null;
}

export type MovementVerdict =
  | { accepted: true; state: MovementState; flag: null }
  | { accepted: false; state: MovementState; flag: ImpossibleMovementFlag | null };

export const initialMovementState: MovementState = Object.freeze({ last: null });

/**
 * Speed between two fixes after giving both the benefit of their accuracy: a jump from a 1.5 km
 * cell-tower fix to a 5 m GPS fix is the estimate improving, not the user moving. The slack is
 * capped, so a spoofer cannot hide a teleport behind a fix claiming a huge accuracy: the cap
 * (1 km) is what a plane covers in about three seconds.
 */
export function impliedSpeed(from: Fix, to: Fix, rules: MovementRules = MOVEMENT_RULES): number {
  const slack = Math.min(from.accuracy + to.accuracy, rules.maxAccuracySlackMeters);
  const meters = Math.max(0, haversineMeters(from, to) - slack);
  const seconds = (to.timestamp - from.timestamp) / 1000;
  if (meters === 0) return 0;
  return seconds > 0 ? meters / seconds : Infinity;
}

/**
 * Checks a user's next fix. A flagged fix does not become the reference: the user is still where
 * the last believable fix put them, and a spoofer's position must not seed the next check.
 * Exactly the limit is still possible; only faster is flagged.
 */
export function checkMovement(state: MovementState, fix: Fix, rules: MovementRules = MOVEMENT_RULES): MovementVerdict {
  if (!isValidFix(fix)) return { accepted: false, state, flag: null };
  const last = state.last;
  if (last === null) return { accepted: true, state: { last: fix }, flag: null };
  if (fix.userId !== last.userId) throw new Error('Movement state belongs to another user');
  // Older than the reference: a late delivery, not movement. Ignored without a flag.
  if (fix.timestamp < last.timestamp) return { accepted: false, state, flag: null };
  const speed = impliedSpeed(last, fix, rules);
  if (speed > rules.maxSpeedMetersPerSecond) {
    return {
      accepted: false,
      state,
      flag: { kind: 'impossible_movement', userId: fix.userId, at: fix.timestamp, speedMetersPerSecond: speed },
    };
  }
  return { accepted: true, state: { last: fix }, flag: null };
}
