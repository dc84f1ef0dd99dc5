import {
  MAX_SPEED_METERS_PER_SECOND,
  MEETING_ACCURACY_SHARE,
  MEETING_DISTANCE_METERS,
  MEETING_DURATION_MINUTES,
  MEETING_MAX_ACCURACY_METERS,
  MEETING_MAX_GAP_SECONDS,
  MEETING_PAIR_WINDOW_SECONDS,
  MOVEMENT_MAX_ACCURACY_SLACK_METERS,
} from '@app/shared/constants';

/**
 * The numbers detection runs on, in the units the code uses (metres, milliseconds). They come
 * from the shared constants; a caller may pass other rules (an admin setting, a test) without
 * the detector knowing where they came from.
 */
export interface MeetingRules {
  distanceMeters: number;
  maxAccuracyMeters: number;
  accuracyShare: number;
  pairWindowMs: number;
  maxGapMs: number;
  durationMs: number;
}

export const MEETING_RULES: Readonly<MeetingRules> = Object.freeze({
  distanceMeters: MEETING_DISTANCE_METERS,
  maxAccuracyMeters: MEETING_MAX_ACCURACY_METERS,
  accuracyShare: MEETING_ACCURACY_SHARE,
  pairWindowMs: MEETING_PAIR_WINDOW_SECONDS * 1000,
  maxGapMs: MEETING_MAX_GAP_SECONDS * 1000,
  durationMs: MEETING_DURATION_MINUTES * 60_000,
});

export interface MovementRules {
  maxSpeedMetersPerSecond: number;
  maxAccuracySlackMeters: number;
}

export const MOVEMENT_RULES: Readonly<MovementRules> = Object.freeze({
  maxSpeedMetersPerSecond: MAX_SPEED_METERS_PER_SECOND,
  maxAccuracySlackMeters: MOVEMENT_MAX_ACCURACY_SLACK_METERS,
});
