import { describe, expect, it } from 'vitest';
import { arePaired, areTogether, combinedAccuracyMeters, haversineMeters, isTogetherAt, offsetMeters } from './geo';
import { ALICE, BOB, exactFix, ORIGIN } from '../../../../test/kits/detector-tracks';

describe('haversineMeters', () => {
  it('matches known distances', () => {
    const paris = { lat: 48.8566, lng: 2.3522 };
    const london = { lat: 51.5074, lng: -0.1278 };
    expect(haversineMeters(paris, london) / 1000).toBeCloseTo(343.5, 0);
    // One degree of latitude on the mean sphere.
    expect(haversineMeters({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(111_195.08, 1);
  });

  it('is zero for one point and symmetric', () => {
    const other = offsetMeters(ORIGIN, 120, -45);
    expect(haversineMeters(ORIGIN, ORIGIN)).toBe(0);
    expect(haversineMeters(ORIGIN, other)).toBe(haversineMeters(other, ORIGIN));
  });

  it('stays exact at the few metres detection works at', () => {
    expect(haversineMeters(ORIGIN, offsetMeters(ORIGIN, 5, 0))).toBeCloseTo(5, 6);
    expect(haversineMeters(ORIGIN, offsetMeters(ORIGIN, 3, 4))).toBeCloseTo(5, 3);
    expect(haversineMeters(ORIGIN, offsetMeters(ORIGIN, 0, 0.5))).toBeCloseTo(0.5, 6);
  });
});

describe('the together rule', () => {
  it('adds independent accuracies as a root sum of squares', () => {
    expect(combinedAccuracyMeters(6, 8)).toBe(10);
    expect(combinedAccuracyMeters(0, 0)).toBe(0);
  });

  it('with perfect fixes, is exactly 5 m', () => {
    expect(isTogetherAt(5, 0, 0)).toBe(true);
    expect(isTogetherAt(5.000001, 0, 0)).toBe(false);
    expect(isTogetherAt(0, 0, 0)).toBe(true);
  });

  it('grants half the combined accuracy on top: 6 m and 8 m fixes may be 10 m apart, not more', () => {
    expect(isTogetherAt(10, 6, 8)).toBe(true);
    expect(isTogetherAt(10.000001, 6, 8)).toBe(false);
  });

  it('accepts a fix exactly at the 20 m cap and never one worse, even at distance 0', () => {
    expect(isTogetherAt(15, 20, 0)).toBe(true);
    expect(isTogetherAt(15.000001, 20, 0)).toBe(false);
    expect(isTogetherAt(0, 20.001, 0)).toBe(false);
    expect(isTogetherAt(0, 3, 150)).toBe(false);
  });

  it('pairs fixes taken at most 5 s apart, in either order', () => {
    const a = exactFix(ALICE, 0);
    expect(arePaired(a, exactFix(BOB, 5000))).toBe(true);
    expect(arePaired(exactFix(BOB, 5000), a)).toBe(true);
    expect(arePaired(a, exactFix(BOB, 5001))).toBe(false);
  });

  it('decides on two fixes: distance, accuracy and time together', () => {
    expect(areTogether(exactFix(ALICE, 0), exactFix(BOB, 1000, 3, 0))).toBe(true);
    expect(areTogether(exactFix(ALICE, 0), exactFix(BOB, 1000, 6, 0))).toBe(false);
    // Same 6 m with 8 m fixes: 6 - 0.5 * 11.3 <= 5.
    expect(areTogether(exactFix(ALICE, 0, 0, 0, 8), exactFix(BOB, 1000, 6, 0, 8))).toBe(true);
    // Same place, but 6 s apart: not the same moment.
    expect(areTogether(exactFix(ALICE, 0), exactFix(BOB, 6000))).toBe(false);
  });
});
