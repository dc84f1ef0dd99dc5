import type { Fix, LatLng } from './fix';
import { MEETING_RULES, type MeetingRules } from './rules';

/** IUGG mean Earth radius. At 5 m scales the spheroid's error (< 0.5%) is centimetres. */
export const EARTH_RADIUS_METERS = 6_371_008.8;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const toDegrees = (radians: number) => (radians * 180) / Math.PI;

/**
 * Great-circle distance in metres. Haversine rather than the spherical law of cosines because it
 * stays accurate at a few metres, where the cosine form loses most of its digits.
 */
export function haversineMeters(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.atan2(Math.sqrt(h), Math.sqrt(1 - h));
}

/**
 * The point `north` and `east` metres away (local flat approximation, fine for the few
 * kilometres fixtures and tests need; not for crossing a pole).
 */
export function offsetMeters(origin: LatLng, north: number, east: number): LatLng {
  return {
    lat: origin.lat + toDegrees(north / EARTH_RADIUS_METERS),
    lng: origin.lng + toDegrees(east / (EARTH_RADIUS_METERS * Math.cos(toRadians(origin.lat)))),
  };
}

/**
 * Uncertainty of the distance between two fixes. The two devices' errors are independent, so
 * they add as a root sum of squares, not linearly (two 8 m fixes give 11.3 m, not 16 m).
 */
export function combinedAccuracyMeters(accuracyA: number, accuracyB: number): number {
  return Math.hypot(accuracyA, accuracyB);
}

/**
 * The "together" rule: measured distance minus half the combined accuracy is at most 5 m, and
 * neither fix is worse than 20 m.
 *
 * Why this shape: the reported accuracy is a ~68% radius, so two people standing side by side
 * with 8 m fixes appear about 9 m apart on a typical fix (median of the error difference) and
 * up to ~18 m on a bad one. Demanding a raw 5 m would never let them meet. Granting the full
 * combined accuracy would (a 20 m-apart pair with 8 m fixes "meets" about half the time). Half of
 * it lets an honest 8 m pair pass on ~2 fixes in 3, which the 60 s gap allowance turns into an
 * unbroken run, while a pair 20+ m apart passes so rarely that its run breaks within minutes
 * (see meeting-detector.test.ts). The cap keeps a phone claiming 100 m accuracy (or a spoofer
 * claiming it) from widening the circle: at the cap the most slack is 5 + 0.5 * 28.3 = 19 m.
 * The real proof of presence is the QR scan both users do afterwards; this rule only has to be
 * fair to honest phones without being absurdly loose.
 */
export function isTogetherAt(
  distanceMeters: number,
  accuracyA: number,
  accuracyB: number,
  rules: Pick<MeetingRules, 'distanceMeters' | 'maxAccuracyMeters' | 'accuracyShare'> = MEETING_RULES,
): boolean {
  if (accuracyA > rules.maxAccuracyMeters || accuracyB > rules.maxAccuracyMeters) return false;
  return distanceMeters - rules.accuracyShare * combinedAccuracyMeters(accuracyA, accuracyB) <= rules.distanceMeters;
}

/**
 * Two users' fixes describe the same moment only if taken within a few seconds: people walking
 * together move ~1.4 m/s, so comparing a fix with one 30 s older would measure the walk, not the
 * gap between them. Devices report every few seconds, so the nearest fix of the other user is
 * usually well inside the window.
 */
export function arePaired(a: Fix, b: Fix, rules: Pick<MeetingRules, 'pairWindowMs'> = MEETING_RULES): boolean {
  return Math.abs(a.timestamp - b.timestamp) <= rules.pairWindowMs;
}

/** Both fixes describe the same moment and place them together. */
export function areTogether(a: Fix, b: Fix, rules: MeetingRules = MEETING_RULES): boolean {
  return arePaired(a, b, rules) && isTogetherAt(haversineMeters(a, b), a.accuracy, b.accuracy, rules);
}
