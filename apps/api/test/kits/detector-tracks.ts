/**
 * Recorded tracks for the detector tests: what two phones would report in a given situation,
 * generated from a seeded PRNG so every run sees the same fixes (a failing case can be replayed
 * exactly) while the noise is still realistic. Not imported by the app.
 */
import type { Fix, LatLng } from '../../src/modules/meet/detector/fix';
import { offsetMeters } from '../../src/modules/meet/detector/geo';

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
/** The simulated clock starts here; nothing reads the real clock. */
export const T0 = Date.UTC(2025, 5, 1, 12, 0, 0);
/** A square in central Moscow; any mid-latitude place would do. */
export const ORIGIN: LatLng = { lat: 55.7558, lng: 37.6173 };
export const ALICE = 101;
export const BOB = 202;
export const PAIR: readonly [number, number] = [ALICE, BOB];

/** mulberry32: tiny, fast, good enough for test noise, and the same on every machine. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Standard normal sample (Box-Muller). */
export function gaussian(random: () => number): number {
  const u = 1 - random(); // (0, 1], so the log is finite
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/**
 * A device's accuracy is the radius holding ~68% of fixes (Android documents it so). For a 2-D
 * normal error that radius is sigma * sqrt(-2 ln 0.32), so this turns accuracy into per-axis sigma.
 */
export const ACCURACY_TO_SIGMA = Math.sqrt(-2 * Math.log(1 - 0.68));

export interface Point {
  north: number;
  east: number;
}
/** Where a person truly is, in metres from ORIGIN, `elapsed` ms after T0. */
export type Path = (elapsed: number) => Point;

export const standStill =
  (north = 0, east = 0): Path =>
  () => ({ north, east });

/** Stays at `from` until `startAt`, then walks in a straight line. */
export const walkAway =
  (from: Point, headingDegrees: number, speed: number, startAt = 0): Path =>
  (elapsed) => {
    const meters = (speed * Math.max(0, elapsed - startAt)) / SECOND;
    const heading = (headingDegrees * Math.PI) / 180;
    return { north: from.north + meters * Math.cos(heading), east: from.east + meters * Math.sin(heading) };
  };

/** Walks round and round a closed polyline at `speed` m/s. */
export function loop(waypoints: readonly Point[], speed: number): Path {
  const legs = waypoints.map((from, i) => {
    const to = waypoints[(i + 1) % waypoints.length] ?? from;
    return { from, to, length: Math.hypot(to.north - from.north, to.east - from.east) };
  });
  const perimeter = legs.reduce((sum, leg) => sum + leg.length, 0);
  return (elapsed) => {
    let left = ((speed * elapsed) / SECOND) % perimeter;
    for (const leg of legs) {
      if (left <= leg.length) {
        const f = leg.length === 0 ? 0 : left / leg.length;
        return {
          north: leg.from.north + f * (leg.to.north - leg.from.north),
          east: leg.from.east + f * (leg.to.east - leg.from.east),
        };
      }
      left -= leg.length;
    }
    return waypoints[0] ?? { north: 0, east: 0 };
  };
}

/** The same path shifted sideways: a companion walking next to someone. */
export const beside =
  (path: Path, north: number, east: number): Path =>
  (elapsed) => {
    const p = path(elapsed);
    return { north: p.north + north, east: p.east + east };
  };

/** Chooses a path by time: `switchAt` ms after T0 the second one takes over. */
export const thenPath =
  (first: Path, switchAt: number, second: Path): Path =>
  (elapsed) =>
    elapsed < switchAt ? first(elapsed) : second(elapsed);

export interface RecordOptions {
  userId: number;
  seed: number;
  path: Path;
  /** Reported accuracy (m); the noise is drawn to match it. */
  accuracy: number;
  durationMs: number;
  intervalMs?: number;
  /** First fix this long after T0, so the two phones do not report in lockstep. */
  offsetMs?: number;
  /** [from, to) ranges of elapsed ms in which the phone sends nothing. */
  silences?: ReadonlyArray<readonly [number, number]>;
}

/** The fixes one phone reports: the true path plus normal noise matching its accuracy. */
export function recordTrack(options: RecordOptions): Fix[] {
  const { userId, path, accuracy, durationMs, intervalMs = 5 * SECOND, offsetMs = 0, silences = [] } = options;
  const random = mulberry32(options.seed);
  const sigma = accuracy / ACCURACY_TO_SIGMA;
  const fixes: Fix[] = [];
  for (let elapsed = offsetMs; elapsed <= durationMs; elapsed += intervalMs) {
    // Draw the noise even when silent, so a silence does not shift the rest of the track.
    const noiseNorth = sigma * gaussian(random);
    const noiseEast = sigma * gaussian(random);
    if (silences.some(([from, to]) => elapsed >= from && elapsed < to)) continue;
    const truth = path(elapsed);
    const position = offsetMeters(ORIGIN, truth.north + noiseNorth, truth.east + noiseEast);
    fixes.push({ userId, ...position, accuracy, timestamp: T0 + elapsed });
  }
  return fixes;
}

/** Both phones' fixes as the server receives them: in time order (ties keep argument order). */
export function mergeTracks(...tracks: Fix[][]): Fix[] {
  return tracks.flat().sort((a, b) => a.timestamp - b.timestamp);
}

/** A noiseless fix at an exact place and time, for threshold cases. */
export function exactFix(userId: number, elapsed: number, north = 0, east = 0, accuracy = 0): Fix {
  return { userId, ...offsetMeters(ORIGIN, north, east), accuracy, timestamp: T0 + elapsed };
}

export interface Scenario {
  fixes: Fix[];
  durationMs: number;
}

/** Two friends walk round a 400 x 300 m block side by side (1 m apart) for 25 minutes. */
export function walkingTogether(seed: number): Scenario {
  const durationMs = 25 * MINUTE;
  const block = loop(
    [
      { north: 0, east: 0 },
      { north: 300, east: 0 },
      { north: 300, east: 400 },
      { north: 0, east: 400 },
    ],
    1.3,
  );
  return {
    durationMs,
    fixes: mergeTracks(
      recordTrack({ userId: ALICE, seed, path: block, accuracy: 4, durationMs }),
      recordTrack({
        userId: BOB,
        seed: seed + 1,
        path: beside(block, 0, 1),
        accuracy: 4,
        durationMs,
        offsetMs: SECOND,
      }),
    ),
  };
}

/**
 * Strangers on the same pavement walking towards each other; they cross (2 m apart) about
 * 12.8 minutes in and walk on.
 */
export function passingBy(seed: number): Scenario {
  const durationMs = 25 * MINUTE;
  return {
    durationMs,
    fixes: mergeTracks(
      recordTrack({ userId: ALICE, seed, path: walkAway({ north: 0, east: -1000 }, 90, 1.3), accuracy: 4, durationMs }),
      recordTrack({
        userId: BOB,
        seed: seed + 1,
        path: walkAway({ north: 2, east: 1000 }, 270, 1.3),
        accuracy: 4,
        durationMs,
        offsetMs: 2 * SECOND,
      }),
    ),
  };
}

/**
 * Alice's phone stays on a café table for 25 minutes. Bob sits next to it for 5 minutes, then
 * walks away (with his phone) and does not come back.
 */
export function phoneLeftOnTable(seed: number): Scenario {
  const durationMs = 25 * MINUTE;
  return {
    durationMs,
    fixes: mergeTracks(
      recordTrack({ userId: ALICE, seed, path: standStill(), accuracy: 6, durationMs }),
      recordTrack({
        userId: BOB,
        seed: seed + 1,
        path: walkAway({ north: 1, east: 0 }, 45, 1.3, 5 * MINUTE),
        accuracy: 6,
        durationMs,
        offsetMs: 2 * SECOND,
      }),
    ),
  };
}

/**
 * Alice's phone on the table; Bob keeps leaving it for two minutes (to a counter 40 m away) every
 * six minutes. 25 minutes in all, but never 20 in one run.
 */
export function keepsLeavingTheTable(seed: number): Scenario {
  const durationMs = 25 * MINUTE;
  const seat = standStill(1, 0);
  const counter = standStill(1, 40);
  const bob: Path = (elapsed) => (elapsed % (6 * MINUTE) >= 4 * MINUTE ? counter(elapsed) : seat(elapsed));
  return {
    durationMs,
    fixes: mergeTracks(
      recordTrack({ userId: ALICE, seed, path: standStill(), accuracy: 5, durationMs }),
      recordTrack({ userId: BOB, seed: seed + 1, path: bob, accuracy: 5, durationMs, offsetMs: 2 * SECOND }),
    ),
  };
}

/**
 * Two people standing still `apartMeters` apart for 25 minutes, both phones reporting
 * `accuracy` (8 m by default: indoors or between tall buildings) with noise to match.
 */
export function standingWithNoise(seed: number, apartMeters = 1, accuracy = 8): Scenario {
  const durationMs = 25 * MINUTE;
  return {
    durationMs,
    fixes: mergeTracks(
      recordTrack({ userId: ALICE, seed, path: standStill(), accuracy, durationMs }),
      recordTrack({
        userId: BOB,
        seed: seed + 1,
        path: standStill(0, apartMeters),
        accuracy,
        durationMs,
        offsetMs: 2.5 * SECOND,
      }),
    ),
  };
}

export interface GapOptions {
  beforeMs: number;
  gapMs: number;
  afterMs: number;
  /** Whose phone goes quiet. */
  silent: 'both' | 'bob';
}

/** Standing together (5 m accuracy); the phones go quiet for `gapMs` after `beforeMs`. */
export function togetherWithGap(seed: number, options: GapOptions): Scenario {
  const durationMs = options.beforeMs + options.gapMs + options.afterMs;
  const silence = [[options.beforeMs, options.beforeMs + options.gapMs]] as const;
  return {
    durationMs,
    fixes: mergeTracks(
      recordTrack({
        userId: ALICE,
        seed,
        path: standStill(),
        accuracy: 5,
        durationMs,
        silences: options.silent === 'both' ? silence : [],
      }),
      recordTrack({
        userId: BOB,
        seed: seed + 1,
        path: standStill(0, 1),
        accuracy: 5,
        durationMs,
        offsetMs: 2 * SECOND,
        silences: silence,
      }),
    ),
  };
}
