import {
  MAX_ACCOUNTS_PER_DEVICE,
  RESTRICTION_IMPOSSIBLE_MOVEMENT_HOURS,
  RESTRICTION_MAX_HOURS,
  RESTRICTION_SHARED_DEVICE_HOURS,
} from '@app/shared/constants';

/**
 * Device protection: suspicious signals restrict minting for a while, never more than
 * RESTRICTION_MAX_HOURS from the latest signal, and the app shows the time left. Pure functions
 * over a list of flags, so the service can keep flags as rows and recompute at any moment.
 */

export type RestrictionReason = 'shared_device' | 'impossible_movement';

/** One signal. ImpossibleMovementFlag (impossible-movement.ts) is one of these as it is. */
export interface RestrictionFlag {
  kind: RestrictionReason;
  /** When it was raised, epoch ms. */
  at: number;
}

export interface RestrictionRules {
  maxMs: number;
  durationMs: Record<RestrictionReason, number>;
}

const HOUR_MS = 3_600_000;

/**
 * Several accounts on one device is deliberate (farming meetings between one's own accounts),
 * so it gets the full 72 h at once. A single impossible jump can be a glitch, so it costs 24 h,
 * and only repeated jumps stack up to the maximum.
 */
export const RESTRICTION_RULES: Readonly<RestrictionRules> = Object.freeze({
  maxMs: RESTRICTION_MAX_HOURS * HOUR_MS,
  durationMs: Object.freeze({
    shared_device: RESTRICTION_SHARED_DEVICE_HOURS * HOUR_MS,
    impossible_movement: RESTRICTION_IMPOSSIBLE_MOVEMENT_HOURS * HOUR_MS,
  }),
});

/** A flag when one device fingerprint has been used by more accounts than allowed. */
export function sharedDeviceFlag(
  accountIds: readonly number[],
  at: number,
  maxAccounts: number = MAX_ACCOUNTS_PER_DEVICE,
): RestrictionFlag | null {
  return new Set(accountIds).size > maxAccounts ? { kind: 'shared_device', at } : null;
}

/**
 * When minting opens again, or null if the flags never restricted it. Flags are taken in time
 * order; a flag raised while a restriction runs extends it by its own duration, but the end
 * never lies more than the maximum after that flag, so a user is never locked out for longer
 * than 72 h after the last thing they did wrong.
 */
export function restrictionEnd(
  flags: readonly RestrictionFlag[],
  rules: RestrictionRules = RESTRICTION_RULES,
): number | null {
  let end: number | null = null;
  const ordered = flags.filter((flag) => Number.isFinite(flag.at)).sort((a, b) => a.at - b.at);
  for (const flag of ordered) {
    const from = end !== null && end > flag.at ? end : flag.at;
    end = Math.min(from + rules.durationMs[flag.kind], flag.at + rules.maxMs);
  }
  return end;
}

/**
 * Time left at `now`, never negative and never above the maximum (a flag stamped in the future
 * by a skewed clock must not show "90 hours left").
 */
export function remainingRestrictionMs(
  end: number | null,
  now: number,
  rules: Pick<RestrictionRules, 'maxMs'> = RESTRICTION_RULES,
): number {
  if (end === null) return 0;
  return Math.min(Math.max(0, end - now), rules.maxMs);
}

export interface RestrictionStatus {
  restricted: boolean;
  /** When minting opens again (null when not restricted). */
  until: number | null;
  remainingMs: number;
}

export function restrictionStatus(
  flags: readonly RestrictionFlag[],
  now: number,
  rules: RestrictionRules = RESTRICTION_RULES,
): RestrictionStatus {
  const remainingMs = remainingRestrictionMs(restrictionEnd(flags, rules), now, rules);
  return remainingMs > 0
    ? { restricted: true, until: now + remainingMs, remainingMs }
    : { restricted: false, until: null, remainingMs: 0 };
}
