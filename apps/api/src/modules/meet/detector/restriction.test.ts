import { describe, expect, it } from 'vitest';
import {
  remainingRestrictionMs,
  restrictionEnd,
  restrictionStatus,
  sharedDeviceFlag,
  type RestrictionFlag,
} from './restriction';
import { T0 } from '../../../../test/kits/detector-tracks';

const HOUR = 3_600_000;
const moved = (hours: number): RestrictionFlag => ({ kind: 'impossible_movement', at: T0 + hours * HOUR });
const shared = (hours: number): RestrictionFlag => ({ kind: 'shared_device', at: T0 + hours * HOUR });

describe('shared device flag', () => {
  it('is raised when a fingerprint has been used by more than one account', () => {
    expect(sharedDeviceFlag([1, 2], T0)).toEqual({ kind: 'shared_device', at: T0 });
    expect(sharedDeviceFlag([1, 2, 3], T0)).not.toBeNull();
  });

  it('is not raised for one account, even seen many times', () => {
    expect(sharedDeviceFlag([1], T0)).toBeNull();
    expect(sharedDeviceFlag([1, 1, 1], T0)).toBeNull();
    expect(sharedDeviceFlag([], T0)).toBeNull();
  });
});

describe('restriction', () => {
  it('does not restrict without flags', () => {
    expect(restrictionEnd([])).toBeNull();
    expect(restrictionStatus([], T0)).toEqual({ restricted: false, until: null, remainingMs: 0 });
  });

  it('restricts a shared device for the full 72 h and counts the time down', () => {
    const flags = [shared(0)];
    expect(restrictionEnd(flags)).toBe(T0 + 72 * HOUR);
    expect(restrictionStatus(flags, T0 + HOUR)).toEqual({
      restricted: true,
      until: T0 + 72 * HOUR,
      remainingMs: 71 * HOUR,
    });
    expect(restrictionStatus(flags, T0 + 72 * HOUR - 1)).toMatchObject({ restricted: true, remainingMs: 1 });
    expect(restrictionStatus(flags, T0 + 72 * HOUR)).toEqual({ restricted: false, until: null, remainingMs: 0 });
  });

  it('restricts one impossible movement for 24 h', () => {
    expect(restrictionEnd([moved(0)])).toBe(T0 + 24 * HOUR);
  });

  it('stacks repeated impossible movements, never beyond 72 h after the latest', () => {
    expect(restrictionEnd([moved(0), moved(1)])).toBe(T0 + 48 * HOUR);
    expect(restrictionEnd([moved(0), moved(1), moved(2)])).toBe(T0 + 72 * HOUR);
    expect(restrictionEnd([moved(0), moved(1), moved(2), moved(3)])).toBe(T0 + 75 * HOUR);
    expect(restrictionEnd([moved(0), moved(1), moved(2), moved(3), moved(3.5)])).toBe(T0 + 75.5 * HOUR);
  });

  it('starts afresh when a flag comes after the last restriction ended', () => {
    expect(restrictionEnd([moved(0), moved(30)])).toBe(T0 + 54 * HOUR);
  });

  it('caps a movement flag during a shared-device restriction at 72 h after it', () => {
    expect(restrictionEnd([shared(0), moved(10)])).toBe(T0 + 82 * HOUR);
    expect(restrictionEnd([moved(0), shared(10)])).toBe(T0 + 82 * HOUR);
  });

  it('gives the same end whatever order the flags come in, without reordering the input', () => {
    const flags = [moved(2), shared(0), moved(1), moved(40)];
    const copy = [...flags];
    expect(restrictionEnd(flags)).toBe(restrictionEnd([shared(0), moved(1), moved(2), moved(40)]));
    expect(flags).toEqual(copy);
  });

  it('never shows more than 72 h left, even for a flag stamped in the future', () => {
    const status = restrictionStatus([shared(10)], T0);
    expect(status.remainingMs).toBe(72 * HOUR);
    expect(status.until).toBe(T0 + 72 * HOUR);
  });

  it('computes the remaining time from any now', () => {
    expect(remainingRestrictionMs(null, T0)).toBe(0);
    expect(remainingRestrictionMs(T0 + 5 * HOUR, T0 + 2 * HOUR)).toBe(3 * HOUR);
    expect(remainingRestrictionMs(T0 + 5 * HOUR, T0 + 6 * HOUR)).toBe(0);
  });

  it('ignores flags without a valid time', () => {
    expect(restrictionEnd([{ kind: 'shared_device', at: Number.NaN }])).toBeNull();
  });
});
