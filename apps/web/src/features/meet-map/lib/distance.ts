import { DISTANCE_BUCKET_KEYS, type DistanceBucket } from '@app/shared/schemas/meet-privacy';
import type { HandCard } from '@app/shared/schemas/meet';
import { distanceMeters, type LatLng } from './geo';

const rank = (bucket: DistanceBucket) => DISTANCE_BUCKET_KEYS.indexOf(bucket);

/**
 * Nearest first: by the server's coarse step, then by the shown (snapped) position within a step.
 * Neither reveals more than the server already sent.
 */
export function nearestFirst(hands: Iterable<HandCard>, viewer: LatLng | null): HandCard[] {
  const shown = (hand: HandCard) => (viewer ? distanceMeters(viewer, hand.position) : 0);
  return [...hands].sort((a, b) => rank(a.distance) - rank(b.distance) || shown(a) - shown(b) || a.userId - b.userId);
}
