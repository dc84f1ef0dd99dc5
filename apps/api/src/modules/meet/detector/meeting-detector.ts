import { isValidFix, type Fix } from './fix';
import { arePaired, haversineMeters, isTogetherAt } from './geo';
import { MEETING_RULES, type MeetingRules } from './rules';

/**
 * Meeting detection for one pair of users as a pure reducer: fixes of both users go in, in time
 * order, and the state says how long they have been together in the current run. No clock is
 * read here: every time comes from the fixes or from the caller, so a simulated clock drives the
 * tests and the same state can live in memory, in Redis or in a row.
 *
 * A run is the span from the first "together" observation to the latest one, as long as no two
 * consecutive "together" observations are more than MEETING_MAX_GAP_SECONDS apart. That single
 * rule covers both ways a run breaks: the phones going quiet (no observation at all) and the
 * users being apart (observations that are not "together"). Gaps up to the allowance are bridged
 * and count as time together, since a phone skipping a few fixes or one noisy fix does not mean
 * the people parted. Twenty minutes of run is a meeting.
 */

export type MeetingStatus = 'idle' | 'together' | 'apart' | 'met';

/** One comparison of the two users' fixes. A boolean and a time: no position, no distance. */
export interface Observation {
  readonly at: number;
  readonly together: boolean;
}

/**
 * Everything detection needs and nothing more (PRODUCT.md: precise positions are kept only as
 * long as detection needs them): the latest fix of each user, dropped as soon as it can no longer
 * pair with anything and once the meeting is found. There is no history of positions. The state
 * is plain data, so it can be serialised as is.
 */
export interface MeetingState {
  readonly users: readonly [number, number];
  /** Latest fix of users[0] and users[1]. */
  readonly fixes: readonly [Fix | null, Fix | null];
  /** Newest fix time seen: the detector's notion of "now" while replaying a stream. */
  readonly clock: number | null;
  readonly runStartedAt: number | null;
  readonly lastTogetherAt: number | null;
  readonly lastObservation: Observation | null;
  readonly metAt: number | null;
}

/**
 * What both users see live. Deliberately free of positions and distance: the product never
 * tells a user how far the other is, and this goes to both clients.
 */
export interface MeetingSnapshot {
  status: MeetingStatus;
  /** Milliseconds together in the current run. */
  progressMs: number;
  /** Whole minutes of progressMs, what the app shows ("7 of 20 minutes"). */
  minutesTogether: number;
  requiredMs: number;
  remainingMs: number;
  runStartedAt: number | null;
  lastTogetherAt: number | null;
  metAt: number | null;
}

export function createMeetingState(userA: number, userB: number): MeetingState {
  if (userA === userB) throw new Error('A meeting needs two different users');
  return {
    users: [userA, userB],
    fixes: [null, null],
    clock: null,
    runStartedAt: null,
    lastTogetherAt: null,
    lastObservation: null,
    metAt: null,
  };
}

/** Takes one fix of either user and returns the next state (the input is never changed). */
export function reduceMeeting(state: MeetingState, fix: Fix, rules: MeetingRules = MEETING_RULES): MeetingState {
  // A found meeting is final for this tracker; confirming it by QR happens elsewhere.
  if (state.metAt !== null) return state;
  const index = state.users.indexOf(fix.userId);
  if (index !== 0 && index !== 1) return state;
  if (!isValidFix(fix)) return state;
  const own = state.fixes[index];
  const other = state.fixes[1 - index] ?? null;
  // Duplicates and fixes overtaken by a newer one of the same device say nothing new.
  if (own && fix.timestamp <= own.timestamp) return state;
  // Arriving so late that it could not pair with the newest fix: no evidence either way.
  if (state.clock !== null && fix.timestamp < state.clock - rules.pairWindowMs) return state;

  const clock = Math.max(state.clock ?? fix.timestamp, fix.timestamp);
  let { runStartedAt, lastTogetherAt, lastObservation } = state;
  let metAt: number | null = null;

  if (other && arePaired(fix, other, rules)) {
    // The pair vouches for the earlier of its two moments only: the other fix may be seconds
    // old, and crediting the newer time would stretch every run by up to the pairing window.
    const at = Math.min(fix.timestamp, other.timestamp);
    const together = isTogetherAt(haversineMeters(fix, other), fix.accuracy, other.accuracy, rules);
    lastObservation = { at, together };
    if (together) {
      const continues = lastTogetherAt !== null && runStartedAt !== null && at - lastTogetherAt <= rules.maxGapMs;
      if (!continues) runStartedAt = at;
      lastTogetherAt = Math.max(at, lastTogetherAt ?? at);
      if (runStartedAt !== null && lastTogetherAt - runStartedAt >= rules.durationMs) metAt = at;
    }
  }

  if (metAt !== null) {
    // Detection is done: the precise positions have no further use, so they go now.
    return { ...state, fixes: [null, null], clock, runStartedAt, lastTogetherAt, lastObservation, metAt };
  }

  // Apart or silent for longer than the allowance: the run is over.
  if (lastTogetherAt !== null && clock - lastTogetherAt > rules.maxGapMs) {
    runStartedAt = null;
    lastTogetherAt = null;
  }

  // Keep this fix; drop the other user's if it is too old to pair with anything from now on
  // (every later fix is newer still).
  const keepOther = other !== null && clock - other.timestamp <= rules.pairWindowMs ? other : null;
  const fixes: [Fix | null, Fix | null] = index === 0 ? [fix, keepOther] : [keepOther, fix];
  return { ...state, fixes, clock, runStartedAt, lastTogetherAt, lastObservation };
}

/**
 * The live view at `now`. Time passing without fixes matters too: if the phones went quiet more
 * than the gap allowance ago, the run shown is over even though no fix arrived to say so.
 */
export function snapshotMeeting(
  state: MeetingState,
  now: number,
  rules: MeetingRules = MEETING_RULES,
): MeetingSnapshot {
  const requiredMs = rules.durationMs;
  if (state.metAt !== null) {
    return {
      status: 'met',
      progressMs: requiredMs,
      minutesTogether: Math.floor(requiredMs / 60_000),
      requiredMs,
      remainingMs: 0,
      runStartedAt: state.runStartedAt,
      lastTogetherAt: state.lastTogetherAt,
      metAt: state.metAt,
    };
  }
  const { runStartedAt, lastTogetherAt, lastObservation } = state;
  const running = runStartedAt !== null && lastTogetherAt !== null && now - lastTogetherAt <= rules.maxGapMs;
  const progressMs = running ? Math.min(requiredMs, lastTogetherAt - runStartedAt) : 0;
  const recent = lastObservation !== null && now - lastObservation.at <= rules.maxGapMs;
  const status: MeetingStatus = !recent ? 'idle' : lastObservation.together && running ? 'together' : 'apart';
  return {
    status,
    progressMs,
    minutesTogether: Math.floor(progressMs / 60_000),
    requiredMs,
    remainingMs: requiredMs - progressMs,
    runStartedAt: running ? runStartedAt : null,
    lastTogetherAt: running ? lastTogetherAt : null,
    metAt: null,
  };
}

export interface MeetingTrackerOptions {
  users: readonly [number, number];
  /** The injected clock (epoch ms) used for live snapshots. */
  now: () => number;
  rules?: MeetingRules;
  /** Resume from a stored state instead of starting idle. */
  state?: MeetingState;
}

export interface MeetingTracker {
  /** Feed one fix of either user; returns the snapshot right after it. */
  push(fix: Fix): MeetingSnapshot;
  snapshot(): MeetingSnapshot;
  /** The current state, for persisting or inspecting (plain data, read-only). */
  readonly state: MeetingState;
}

/** A small stateful wrapper around the reducer for callers that hold one tracker per pair. */
export function createMeetingTracker(options: MeetingTrackerOptions): MeetingTracker {
  const rules = options.rules ?? MEETING_RULES;
  let state = options.state ?? createMeetingState(options.users[0], options.users[1]);
  const snapshot = () => snapshotMeeting(state, options.now(), rules);
  return {
    push(fix) {
      state = reduceMeeting(state, fix, rules);
      return snapshot();
    },
    snapshot,
    get state() {
      return state;
    },
  };
}
