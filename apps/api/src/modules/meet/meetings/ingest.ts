import { MEETING_POSITION_INTERVAL_MS } from '@app/shared/schemas/meet';
import type { Fix } from '../detector/fix';
import { checkMovement, type ImpossibleMovementFlag, type MovementState } from '../detector/impossible-movement';
import {
  createMeetingState,
  reduceMeeting,
  snapshotMeeting,
  type MeetingSnapshot,
  type MeetingState,
} from '../detector/meeting-detector';
import { MEETING_RULES } from '../detector/rules';
import { sideOf, type Pair } from './pair';
import type { StateChange } from './state-store';

/**
 * What ingesting one fix does to the stored state, as pure decisions the store applies
 * atomically (state-store.ts). Time is the server's clock (lib/clock.ts): the device's own timestamp
 * is only trusted to order one device's fixes and to spot fixes delivered late (see
 * docs/decisions/014-meeting-ingest.md).
 */

/** A pair with no fix for this long is forgotten, positions and all: the run is long over. */
export const PAIR_IDLE_TTL_MS = 2 * MEETING_RULES.maxGapMs;
/** After a meeting is found the pair rests: fixes only mark presence, nothing is stored or detected. */
export const MET_REST_MS = 6 * 3_600_000;
/** One impossible-movement flag per user per this long: a spoofer sending every 5 s is one signal. */
export const MOVEMENT_FLAG_COOLDOWN_MS = 5 * 60_000;
/** The peer counts as present with a fix this recent (a few missed fixes are normal). */
export const PRESENCE_MS = 4 * MEETING_POSITION_INTERVAL_MS;
/** A fix that reached us this much later than the device's usual delay describes the past: dropped. */
export const STALE_FIX_MS = 15_000;
/** A device whose fixes were all dropped this long gets a fresh start (its clock was changed). */
export const RESYNC_MS = 30_000;

/** One device's timing, learnt from its fixes (no position). */
export interface DeviceClock {
  /** Newest device timestamp accepted. */
  lastAt: number;
  /** Smallest (server time − device time) seen: the device's clock offset plus the best delivery delay. */
  minLag: number;
  /** Server time of the last accepted fix: presence. */
  seenAt: number;
}

export interface PairRecord {
  /** The detector's state; its fixes carry server times. users = [low, high]. */
  state: MeetingState;
  devices: [DeviceClock | null, DeviceClock | null];
  /** Per side: the last believable fix (the movement check's reference) and the last flag raised. */
  movement: [MovementRecord | null, MovementRecord | null];
}

export interface MovementRecord extends MovementState {
  lastFlagAt: number | null;
}

/** A fix as the route receives it: position, accuracy and the device's own timestamp. */
export interface IncomingFix {
  lat: number;
  lng: number;
  accuracy: number;
  /** Device clock, epoch ms. */
  at: number;
}

export type DeviceVerdict = 'fresh' | 'duplicate' | 'stale';

/**
 * Orders one device's fixes by its own clock without trusting that clock's absolute value: a fix
 * not newer than the last one is a duplicate or overtaken, and a fix whose delay is well above
 * the device's usual delay was held back somewhere and describes an older moment. A device that
 * has only sent rejected fixes for a while (its clock was moved) starts afresh.
 */
export function checkDeviceClock(
  clock: DeviceClock | null,
  at: number,
  now: number,
): { verdict: DeviceVerdict; clock: DeviceClock } {
  const lag = now - at;
  if (!clock) return { verdict: 'fresh', clock: { lastAt: at, minLag: lag, seenAt: now } };
  const resync = now - clock.seenAt > RESYNC_MS;
  if (at <= clock.lastAt && !resync) return { verdict: 'duplicate', clock };
  const late = lag > clock.minLag + STALE_FIX_MS;
  if (late && !resync) return { verdict: 'stale', clock };
  const minLag = at <= clock.lastAt || late ? lag : Math.min(clock.minLag, lag);
  return { verdict: 'fresh', clock: { lastAt: at, minLag, seenAt: now } };
}

export interface PairIngest {
  verdict: DeviceVerdict | 'resting' | 'impossible';
  /** This fix completed the meeting (exactly one fix ever does, whatever the number of processes). */
  justMet: boolean;
  /** Status or whole minutes changed, or the sender just (re)appeared: worth telling both users. */
  changed: boolean;
  snapshot: MeetingSnapshot;
  /** The fix implied impossible movement and was ignored. */
  flag: ImpossibleMovementFlag | null;
  /** Raise a restriction for the flag (one per cooldown, not one per fix of a spoofing device). */
  raise: boolean;
}

export const emptyPairRecord = (pair: Pair): PairRecord => ({
  state: createMeetingState(pair.low, pair.high),
  devices: [null, null],
  movement: [null, null],
});

/**
 * The status people see. One noisy fix inside a running run reads "apart" to the detector, but
 * the run (and the minutes) go on through the gap allowance, so the screen keeps saying
 * "together" until the run really breaks; that also keeps pushes to real changes.
 */
export function shownStatus(snapshot: MeetingSnapshot): MeetingSnapshot['status'] {
  return snapshot.status === 'apart' && snapshot.runStartedAt !== null ? 'together' : snapshot.status;
}

export const isPresent = (clock: DeviceClock | null, now: number) =>
  clock !== null && now - clock.seenAt <= PRESENCE_MS;

/** How long a pair record lives after this write. */
function pairTtl(state: MeetingState, now: number): number {
  return state.metAt === null ? PAIR_IDLE_TTL_MS : Math.max(PAIR_IDLE_TTL_MS, state.metAt + MET_REST_MS - now);
}

function withSide<T>(pair: readonly [T, T], side: 0 | 1, value: T): [T, T] {
  return side === 0 ? [value, pair[1]] : [pair[0], value];
}

/**
 * One fix of `userId`, stamped with the server's `now`: the device-clock check, then the
 * impossible-movement check against the user's last believable fix, then the detector. The
 * whole step is one decision on one record, so the store applies it atomically.
 */
export function ingestIntoPair(
  current: PairRecord | null,
  pair: Pair,
  userId: number,
  incoming: IncomingFix,
  now: number,
): StateChange<PairRecord, PairIngest> {
  const record = current ?? emptyPairRecord(pair);
  const side = sideOf(pair, userId);
  const before = snapshotMeeting(record.state, now);
  const quiet = { justMet: false, changed: false, snapshot: before, flag: null, raise: false };
  const device = checkDeviceClock(record.devices[side], incoming.at, now);
  if (device.verdict !== 'fresh') return { result: { ...quiet, verdict: device.verdict } };
  const wasPresent = isPresent(record.devices[side], now);
  const devices = withSide(record.devices, side, device.clock);
  const ttlMs = (state: MeetingState) => pairTtl(state, now);

  if (record.state.metAt !== null) {
    // Resting after a meeting: the fix only says "still here"; no position is kept or checked.
    const next: PairRecord = { ...record, devices, movement: [null, null] };
    return {
      result: { ...quiet, verdict: 'resting', changed: !wasPresent },
      write: { value: next, ttlMs: ttlMs(next.state) },
    };
  }

  const fix: Fix = { userId, lat: incoming.lat, lng: incoming.lng, accuracy: incoming.accuracy, timestamp: now };
  const movement = record.movement[side] ?? { last: null, lastFlagAt: null };
  const checked = checkMovement({ last: movement.last }, fix);
  if (!checked.accepted) {
    const flag = checked.flag;
    const raise =
      flag !== null && (movement.lastFlagAt === null || now - movement.lastFlagAt >= MOVEMENT_FLAG_COOLDOWN_MS);
    const next: PairRecord = {
      ...record,
      devices,
      movement: raise ? withSide(record.movement, side, { ...movement, lastFlagAt: now }) : record.movement,
    };
    return {
      result: { ...quiet, verdict: 'impossible', flag, raise },
      write: { value: next, ttlMs: ttlMs(next.state) },
    };
  }

  const state = reduceMeeting(record.state, fix);
  const after = snapshotMeeting(state, now);
  const justMet = state.metAt !== null;
  const changed =
    justMet ||
    !wasPresent ||
    shownStatus(before) !== shownStatus(after) ||
    before.minutesTogether !== after.minutesTogether;
  // Once met, detection is over: the movement references (precise positions) go with the fixes.
  const nextMovement = justMet
    ? ([null, null] as PairRecord['movement'])
    : withSide(record.movement, side, { last: fix, lastFlagAt: movement.lastFlagAt });
  return {
    result: { verdict: 'fresh', justMet, changed, snapshot: after, flag: null, raise: false },
    write: { value: { state, devices, movement: nextMovement }, ttlMs: ttlMs(state) },
  };
}
