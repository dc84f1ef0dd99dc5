import { describe, expect, it } from 'vitest';
import type { Fix } from './fix';
import {
  createMeetingState,
  createMeetingTracker,
  reduceMeeting,
  snapshotMeeting,
  type MeetingState,
  type MeetingStatus,
} from './meeting-detector';
import { MEETING_RULES, type MeetingRules } from './rules';
import {
  ALICE,
  BOB,
  exactFix,
  keepsLeavingTheTable,
  MINUTE,
  PAIR,
  passingBy,
  phoneLeftOnTable,
  SECOND,
  standingWithNoise,
  T0,
  togetherWithGap,
  walkingTogether,
} from '../../../../test/kits/detector-tracks';

interface Replay {
  state: MeetingState;
  metAt: number | null;
  maxProgressMs: number;
  statuses: Set<MeetingStatus>;
  /** Most fixes the state ever held at once. */
  maxFixesHeld: number;
}

/** Feeds a recorded stream through the reducer, watching the live snapshot after every fix. */
function replay(fixes: readonly Fix[], rules: MeetingRules = MEETING_RULES): Replay {
  let state = createMeetingState(ALICE, BOB);
  let maxProgressMs = 0;
  let maxFixesHeld = 0;
  const statuses = new Set<MeetingStatus>();
  for (const fix of fixes) {
    state = reduceMeeting(state, fix, rules);
    const snapshot = snapshotMeeting(state, fix.timestamp, rules);
    maxProgressMs = Math.max(maxProgressMs, snapshot.progressMs);
    statuses.add(snapshot.status);
    maxFixesHeld = Math.max(maxFixesHeld, state.fixes.filter(Boolean).length);
  }
  return { state, metAt: state.metAt, maxProgressMs, statuses, maxFixesHeld };
}

/** Noiseless fixes of both users at the same instants, every `stepMs` in [fromMs, toMs]. */
function synced(fromMs: number, toMs: number, options: { stepMs?: number; bobNorth?: number } = {}): Fix[] {
  const { stepMs = 5 * SECOND, bobNorth = 0 } = options;
  const fixes: Fix[] = [];
  for (let t = fromMs; t <= toMs; t += stepMs) fixes.push(exactFix(ALICE, t), exactFix(BOB, t, bobNorth));
  return fixes;
}

const run = (fixes: readonly Fix[]) =>
  fixes.reduce((state, fix) => reduceMeeting(state, fix), createMeetingState(ALICE, BOB));

const SEEDS = Array.from({ length: 10 }, (_, i) => i + 1);

describe('recorded tracks', () => {
  it.each(SEEDS)('walking together round a block meets after 20 minutes (seed %i)', (seed) => {
    const result = replay(walkingTogether(seed).fixes);
    expect(result.metAt).not.toBeNull();
    // One unbroken run from the first paired fixes: met 20 minutes (and a few seconds) in.
    expect(result.state.runStartedAt! - T0).toBeLessThan(10 * SECOND);
    expect(result.metAt! - T0).toBeGreaterThanOrEqual(20 * MINUTE);
    expect(result.metAt! - T0).toBeLessThan(20 * MINUTE + 30 * SECOND);
  });

  it.each(SEEDS)('passing by on the pavement never meets (seed %i)', (seed) => {
    const result = replay(passingBy(seed).fixes);
    expect(result.metAt).toBeNull();
    expect(result.maxProgressMs).toBeLessThan(30 * SECOND);
    expect(result.statuses).toContain('apart');
  });

  it.each(SEEDS)('a phone left on the table while the other walks away does not meet (seed %i)', (seed) => {
    const scenario = phoneLeftOnTable(seed);
    const result = replay(scenario.fixes);
    expect(result.metAt).toBeNull();
    // They did sit together for five minutes; that run ended once Bob was gone for a minute.
    expect(result.maxProgressMs).toBeGreaterThan(4 * MINUTE);
    expect(result.maxProgressMs).toBeLessThan(6 * MINUTE);
    const end = snapshotMeeting(result.state, T0 + scenario.durationMs);
    expect(end).toMatchObject({ status: 'apart', progressMs: 0, runStartedAt: null });
  });

  it.each(SEEDS)('leaving the table for two minutes at a time breaks every run (seed %i)', (seed) => {
    const result = replay(keepsLeavingTheTable(seed).fixes);
    expect(result.metAt).toBeNull();
    expect(result.maxProgressMs).toBeLessThan(5 * MINUTE);
  });

  it.each(SEEDS)('standing together with 8 m GPS noise meets (seed %i)', (seed) => {
    const result = replay(standingWithNoise(seed, 1, 8).fixes);
    expect(result.metAt).not.toBeNull();
    expect(result.metAt! - T0).toBeLessThan(20 * MINUTE + 30 * SECOND);
  });

  it.each(SEEDS)('standing 20 m apart with the same 8 m noise does not meet (seed %i)', (seed) => {
    expect(replay(standingWithNoise(seed, 20, 8).fixes).metAt).toBeNull();
  });

  it('granting the whole combined accuracy instead of half would let most 20 m-apart pairs meet', () => {
    // The reason MEETING_ACCURACY_SHARE is 0.5 (see geo.ts).
    const loose = { ...MEETING_RULES, accuracyShare: 1 };
    const met = SEEDS.filter((seed) => replay(standingWithNoise(seed, 20, 8).fixes, loose).metAt !== null);
    expect(met.length).toBeGreaterThanOrEqual(5);
  });

  it('a 90 s gap of both phones resets the run; 20 more minutes after it make a meeting', () => {
    const gap = { beforeMs: 10 * MINUTE, gapMs: 90 * SECOND, afterMs: 21 * MINUTE, silent: 'both' } as const;
    const result = replay(togetherWithGap(1, gap).fixes);
    const gapEnd = T0 + gap.beforeMs + gap.gapMs;
    expect(result.metAt).not.toBeNull();
    expect(result.state.runStartedAt).toBeGreaterThanOrEqual(gapEnd);
    expect(result.metAt! - gapEnd).toBeGreaterThanOrEqual(20 * MINUTE);
    expect(result.metAt! - gapEnd).toBeLessThan(20 * MINUTE + 30 * SECOND);
  });

  it('a 90 s gap followed by only 19 minutes together is not a meeting, despite 29 minutes in all', () => {
    const gap = { beforeMs: 10 * MINUTE, gapMs: 90 * SECOND, afterMs: 19 * MINUTE, silent: 'both' } as const;
    const fixes = togetherWithGap(1, gap).fixes;
    const result = replay(fixes);
    expect(result.metAt).toBeNull();
    expect(result.maxProgressMs).toBeLessThan(19 * MINUTE + 1);
    // Right after the gap the count starts again from zero.
    const afterGap = fixes.filter((fix) => fix.timestamp <= T0 + gap.beforeMs + gap.gapMs + 5 * SECOND);
    expect(snapshotMeeting(run(afterGap), T0 + gap.beforeMs + gap.gapMs + 5 * SECOND).progressMs).toBeLessThan(
      5 * SECOND,
    );
  });

  it('one phone going quiet for 90 s resets the run just the same', () => {
    const gap = { beforeMs: 10 * MINUTE, gapMs: 90 * SECOND, afterMs: 21 * MINUTE, silent: 'bob' } as const;
    const result = replay(togetherWithGap(2, gap).fixes);
    expect(result.state.runStartedAt).toBeGreaterThanOrEqual(T0 + gap.beforeMs + gap.gapMs);
    expect(result.metAt! - (T0 + gap.beforeMs + gap.gapMs)).toBeGreaterThanOrEqual(20 * MINUTE);
  });
});

describe('exact thresholds', () => {
  it('meets at exactly 20:00 together, not a millisecond before', () => {
    const upTo = (end: number) =>
      run([...synced(0, 19 * MINUTE + 55 * SECOND), exactFix(ALICE, end), exactFix(BOB, end)]);
    const almost = upTo(20 * MINUTE - 1);
    expect(almost.metAt).toBeNull();
    expect(snapshotMeeting(almost, T0 + 20 * MINUTE - 1).progressMs).toBe(20 * MINUTE - 1);
    const met = upTo(20 * MINUTE);
    expect(met.metAt).toBe(T0 + 20 * MINUTE);
  });

  it('bridges a silence of exactly 60 s and resets after 60.001 s', () => {
    const bridged = run([...synced(0, 10 * MINUTE), ...synced(11 * MINUTE, 20 * MINUTE)]);
    expect(bridged.metAt).toBe(T0 + 20 * MINUTE);
    const broken = run([...synced(0, 10 * MINUTE), ...synced(11 * MINUTE + 1, 21 * MINUTE)]);
    expect(broken.metAt).toBeNull();
    expect(broken.runStartedAt).toBe(T0 + 11 * MINUTE + 1);
  });

  it('bridges being apart for exactly 60 s and resets when apart longer', () => {
    const apart = (from: number, to: number) => synced(from, to, { bobNorth: 10 });
    // Last together at 5:00; apart fixes until `apartUntil`; together again 5 s later.
    const story = (apartUntil: number) =>
      run([
        ...synced(0, 5 * MINUTE),
        ...apart(5 * MINUTE + 5 * SECOND, apartUntil),
        ...synced(apartUntil + 5 * SECOND, 20 * MINUTE),
      ]);
    const bridged = story(5 * MINUTE + 55 * SECOND);
    expect(bridged.metAt).toBe(T0 + 20 * MINUTE);
    const broken = story(6 * MINUTE);
    expect(broken.metAt).toBeNull();
    expect(broken.runStartedAt).toBe(T0 + 6 * MINUTE + 5 * SECOND);
  });

  it('pairs fixes 5 s apart but not 5.001 s apart', () => {
    const paired = run([exactFix(ALICE, 0), exactFix(BOB, 5 * SECOND)]);
    expect(paired.lastObservation).toEqual({ at: T0, together: true });
    const unpaired = run([exactFix(ALICE, 0), exactFix(BOB, 5 * SECOND + 1)]);
    expect(unpaired.lastObservation).toBeNull();
    expect(snapshotMeeting(unpaired, T0 + 5 * SECOND + 1).status).toBe('idle');
  });

  it('counts 4.9 m as together and 5.1 m as apart with perfect fixes', () => {
    expect(run(synced(0, 10 * SECOND, { bobNorth: 4.9 })).lastObservation?.together).toBe(true);
    expect(run(synced(0, 10 * SECOND, { bobNorth: 5.1 })).lastObservation?.together).toBe(false);
  });

  it('never counts fixes worse than the 20 m cap, even at the same spot', () => {
    const coarse = Array.from({ length: 300 }, (_, i) => exactFix(i % 2 ? BOB : ALICE, i * 2500, 0, 0, 25));
    const result = replay(coarse);
    expect(result.maxProgressMs).toBe(0);
    expect([...result.statuses]).toEqual(['idle', 'apart']);
  });
});

describe('live snapshot', () => {
  it('shows minutes together to both users as the simulated clock runs', () => {
    let now = T0;
    const tracker = createMeetingTracker({ users: PAIR, now: () => now });
    expect(tracker.snapshot()).toMatchObject({ status: 'idle', progressMs: 0, minutesTogether: 0 });
    for (const fix of synced(0, 7 * MINUTE + 30 * SECOND)) {
      now = fix.timestamp;
      tracker.push(fix);
    }
    expect(tracker.snapshot()).toEqual({
      status: 'together',
      progressMs: 7 * MINUTE + 30 * SECOND,
      minutesTogether: 7,
      requiredMs: 20 * MINUTE,
      remainingMs: 12 * MINUTE + 30 * SECOND,
      runStartedAt: T0,
      lastTogetherAt: T0 + 7 * MINUTE + 30 * SECOND,
      metAt: null,
    });
    // Phones quiet: the count holds within the allowance, then drops without any new fix.
    now += 60 * SECOND;
    expect(tracker.snapshot()).toMatchObject({ status: 'together', minutesTogether: 7 });
    now += 1;
    expect(tracker.snapshot()).toMatchObject({ status: 'idle', progressMs: 0, runStartedAt: null });
  });

  it('shows "apart" with the count held while they are apart within the allowance', () => {
    const walkedOff = synced(3 * MINUTE + 5 * SECOND, 3 * MINUTE + 30 * SECOND, { bobNorth: 30 });
    const state = run([...synced(0, 3 * MINUTE), ...walkedOff]);
    expect(snapshotMeeting(state, T0 + 3 * MINUTE + 30 * SECOND)).toMatchObject({
      status: 'apart',
      progressMs: 3 * MINUTE,
      runStartedAt: T0,
    });
  });

  it('stays "met" once met, whatever comes after', () => {
    let now = T0;
    const tracker = createMeetingTracker({ users: PAIR, now: () => now });
    for (const fix of synced(0, 20 * MINUTE)) {
      now = fix.timestamp;
      tracker.push(fix);
    }
    const met = tracker.state;
    now += 30 * MINUTE;
    expect(tracker.push(exactFix(ALICE, 50 * MINUTE, 500, 0))).toMatchObject({
      status: 'met',
      minutesTogether: 20,
      remainingMs: 0,
      metAt: T0 + 20 * MINUTE,
    });
    expect(tracker.state).toBe(met);
  });

  it('resumes from a stored state', () => {
    const stored = JSON.parse(JSON.stringify(run(synced(0, 10 * MINUTE)))) as MeetingState;
    let now = T0 + 10 * MINUTE;
    const tracker = createMeetingTracker({ users: PAIR, now: () => now, state: stored });
    for (const fix of synced(10 * MINUTE + 5 * SECOND, 20 * MINUTE)) {
      now = fix.timestamp;
      tracker.push(fix);
    }
    expect(tracker.snapshot().metAt).toBe(T0 + 20 * MINUTE);
  });

  it('tells users nothing about positions or distance', () => {
    const snapshot = snapshotMeeting(run(synced(0, MINUTE, { bobNorth: 3 })), T0 + MINUTE);
    expect(Object.keys(snapshot).sort()).toEqual(
      [
        'lastTogetherAt',
        'metAt',
        'minutesTogether',
        'progressMs',
        'remainingMs',
        'requiredMs',
        'runStartedAt',
        'status',
      ].sort(),
    );
  });
});

describe('input hygiene', () => {
  const start = run(synced(0, MINUTE));

  it('ignores fixes of anyone outside the pair', () => {
    expect(reduceMeeting(start, { ...exactFix(ALICE, MINUTE + SECOND), userId: 303 })).toBe(start);
  });

  it('ignores invalid fixes', () => {
    const good = exactFix(ALICE, MINUTE + SECOND);
    const bad = [{ lat: Number.NaN }, { lat: 91 }, { lng: -181 }, { accuracy: -1 }, { timestamp: Infinity }];
    for (const change of bad) {
      expect(reduceMeeting(start, { ...good, ...change })).toBe(start);
    }
  });

  it('ignores duplicates, out-of-order fixes and fixes too late to pair', () => {
    expect(reduceMeeting(start, exactFix(ALICE, MINUTE))).toBe(start);
    expect(reduceMeeting(start, exactFix(ALICE, 30 * SECOND))).toBe(start);
    const bobAhead = reduceMeeting(createMeetingState(ALICE, BOB), exactFix(BOB, MINUTE));
    expect(reduceMeeting(bobAhead, exactFix(ALICE, MINUTE - 6 * SECOND))).toBe(bobAhead);
  });

  it('never changes the state it is given', () => {
    const deepFreeze = (state: MeetingState) => {
      Object.freeze(state.fixes);
      state.fixes.forEach((fix) => fix && Object.freeze(fix));
      return Object.freeze(state);
    };
    let state = deepFreeze(createMeetingState(ALICE, BOB));
    for (const fix of synced(0, 20 * MINUTE)) state = deepFreeze(reduceMeeting(state, fix));
    expect(state.metAt).toBe(T0 + 20 * MINUTE);
  });

  it('refuses a "pair" of one user', () => {
    expect(() => createMeetingState(ALICE, ALICE)).toThrow();
  });
});

describe('retention of precise positions', () => {
  /** Every position-like object reachable from the state. */
  const positionsIn = (value: unknown): number => {
    if (value === null || typeof value !== 'object') return 0;
    const own = 'lat' in value || 'lng' in value ? 1 : 0;
    return own + Object.values(value).reduce((sum: number, child) => sum + positionsIn(child), 0);
  };

  it('holds at most the last fix of each user through a whole recorded stream, and no history', () => {
    const { fixes } = phoneLeftOnTable(3);
    let state = createMeetingState(ALICE, BOB);
    for (const fix of fixes) {
      state = reduceMeeting(state, fix);
      expect(positionsIn(state)).toBeLessThanOrEqual(2);
    }
    expect(Object.keys(state).sort()).toEqual(
      ['clock', 'fixes', 'lastObservation', 'lastTogetherAt', 'metAt', 'runStartedAt', 'users'].sort(),
    );
    expect(state.fixes).toHaveLength(2);
  });

  it('keeps the same size after 1 minute and after 25 minutes of fixes', () => {
    const { fixes } = standingWithNoise(4, 30, 8);
    const size = (count: number) => JSON.stringify(run(fixes.slice(0, count))).length;
    expect(Math.abs(size(fixes.length) - size(24))).toBeLessThan(40);
  });

  it("drops the other user's fix as soon as it is too old to pair", () => {
    const state = run([exactFix(BOB, 0), exactFix(ALICE, 5 * SECOND + 1)]);
    expect(state.fixes).toEqual([exactFix(ALICE, 5 * SECOND + 1), null]);
  });

  it('drops every position once the meeting is found', () => {
    const result = replay(walkingTogether(1).fixes);
    expect(result.metAt).not.toBeNull();
    expect(result.state.fixes).toEqual([null, null]);
    expect(positionsIn(result.state)).toBe(0);
    expect(result.maxFixesHeld).toBeLessThanOrEqual(2);
  });
});
