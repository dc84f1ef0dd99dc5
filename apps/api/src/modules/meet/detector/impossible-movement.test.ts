import { describe, expect, it } from 'vitest';
import type { Fix } from './fix';
import { offsetMeters } from './geo';
import { checkMovement, impliedSpeed, initialMovementState, type MovementState } from './impossible-movement';
import { restrictionStatus } from './restriction';
import {
  ALICE,
  BOB,
  exactFix,
  ORIGIN,
  recordTrack,
  SECOND,
  T0,
  walkAway,
  walkingTogether,
} from '../../../../test/kits/detector-tracks';

/** Runs a user's fixes through the guard; returns what was accepted and the flags raised. */
function guard(fixes: readonly Fix[]) {
  let state: MovementState = initialMovementState;
  const accepted: Fix[] = [];
  const flags = [];
  for (const fix of fixes) {
    const verdict = checkMovement(state, fix);
    state = verdict.state;
    if (verdict.accepted) accepted.push(fix);
    if (verdict.flag) flags.push(verdict.flag);
  }
  return { state, accepted, flags };
}

describe('impossible movement', () => {
  it('accepts the first fix of a user', () => {
    const fix = exactFix(ALICE, 0);
    expect(checkMovement(initialMovementState, fix)).toEqual({ accepted: true, state: { last: fix }, flag: null });
  });

  it('accepts exactly 300 m/s and flags anything faster', () => {
    // 3 km in 10 s is 300 m/s; a metre either way decides.
    const start = exactFix(ALICE, 0);
    expect(impliedSpeed(start, exactFix(ALICE, 10 * SECOND, 3000))).toBeCloseTo(300, 6);
    const under = checkMovement({ last: start }, exactFix(ALICE, 10 * SECOND, 2999.9));
    expect(under.accepted).toBe(true);
    const over = checkMovement({ last: start }, exactFix(ALICE, 10 * SECOND, 3000.1));
    expect(over.accepted).toBe(false);
    expect(over.flag).toMatchObject({ kind: 'impossible_movement', userId: ALICE, at: T0 + 10 * SECOND });
    expect(over.flag?.speedMetersPerSecond).toBeCloseTo(300.01, 2);
  });

  it('ignores the flagged fix: the reference stays, so the next believable fix is accepted', () => {
    const home = exactFix(ALICE, 0);
    const newYork: Fix = { userId: ALICE, lat: 40.7128, lng: -74.006, accuracy: 5, timestamp: T0 + 60 * SECOND };
    const result = guard([home, newYork, exactFix(ALICE, 65 * SECOND, 50, 0)]);
    expect(result.flags).toHaveLength(1);
    expect(result.flags[0]?.speedMetersPerSecond).toBeGreaterThan(100_000);
    expect(result.accepted.map((fix) => fix.timestamp)).toEqual([T0, T0 + 65 * SECOND]);
    expect(result.state.last?.timestamp).toBe(T0 + 65 * SECOND);
  });

  it('accepts a plane, a car and a walk with realistic noise', () => {
    const moving = (seed: number, speed: number, accuracy: number, intervalMs: number) =>
      recordTrack({
        userId: ALICE,
        seed,
        path: walkAway({ north: 0, east: 0 }, 80, speed),
        accuracy,
        durationMs: 600 * SECOND,
        intervalMs,
      });
    expect(guard(moving(9, 250, 10, 2 * SECOND)).flags).toEqual([]);
    expect(guard(moving(10, 35, 8, SECOND)).flags).toEqual([]);
    const walk = walkingTogether(11).fixes.filter((fix) => fix.userId === BOB);
    expect(guard(walk).accepted).toHaveLength(walk.length);
  });

  it('gives coarse fixes the benefit of their accuracy: a cell fix refined by GPS is not movement', () => {
    const cell: Fix = { ...exactFix(ALICE, 0), accuracy: 1500 };
    const gps = exactFix(ALICE, SECOND, 1200, 0, 5);
    expect(checkMovement({ last: cell }, gps).accepted).toBe(true);
  });

  it('caps that benefit at 1 km, so claiming a huge accuracy does not hide a teleport', () => {
    const claimed: Fix = { ...exactFix(ALICE, 10 * SECOND, 100_000, 0), accuracy: 1_000_000 };
    expect(checkMovement({ last: exactFix(ALICE, 0) }, claimed).flag?.kind).toBe('impossible_movement');
  });

  it('flags a jump within one millisecond as infinitely fast, and accepts a repeat of the same place', () => {
    const start = exactFix(ALICE, 0, 0, 0, 5);
    const jump = checkMovement({ last: start }, exactFix(ALICE, 0, 100, 0, 5));
    expect(jump.flag?.speedMetersPerSecond).toBe(Infinity);
    expect(checkMovement({ last: start }, exactFix(ALICE, 0, 3, 0, 5)).accepted).toBe(true);
  });

  it('ignores late and invalid fixes without a flag', () => {
    const state = { last: exactFix(ALICE, 10 * SECOND) };
    expect(checkMovement(state, exactFix(ALICE, 0, 90_000))).toEqual({ accepted: false, state, flag: null });
    const invalid = { ...exactFix(ALICE, 20 * SECOND), lat: Number.NaN };
    expect(checkMovement(state, invalid)).toEqual({ accepted: false, state, flag: null });
  });

  it('keeps only the last accepted fix', () => {
    const path = walkAway({ north: 0, east: 0 }, 0, 1.4);
    const fixes = recordTrack({ userId: ALICE, seed: 12, path, accuracy: 5, durationMs: 1_200 * SECOND });
    const { state } = guard(fixes);
    expect(Object.keys(state)).toEqual(['last']);
    expect(state.last).toBe(fixes.at(-1));
  });

  it('refuses a fix of another user against this user state', () => {
    expect(() => checkMovement({ last: exactFix(ALICE, 0) }, exactFix(BOB, SECOND))).toThrow();
  });

  it('produces flags the restriction takes as they are', () => {
    const far = { ...offsetMeters(ORIGIN, 50_000, 0), userId: ALICE, accuracy: 5, timestamp: T0 + 10 * SECOND };
    const { flag } = checkMovement({ last: exactFix(ALICE, 0) }, far);
    expect(flag).not.toBeNull();
    expect(restrictionStatus(flag ? [flag] : [], T0 + 10 * SECOND)).toMatchObject({
      restricted: true,
      remainingMs: 24 * 3_600_000,
    });
  });
});
