import {
  PUBLIC_POSITION_CELL_METERS,
  type DistanceBucket,
  type PublicPosition,
} from '@app/shared/schemas/meet-privacy';
import { distanceMeters } from './geo';
import { MAX_NEAR_LIMIT, DEFAULT_NEAR_LIMIT, type NearbyIndex } from './nearby-index';
import { BoundedMaxHeap } from './max-heap';
import { coarseDistance, maxShownErrorMeters, publicPosition } from './privacy';

export interface PublicNearbyQuery {
  viewerId: number;
  /** The viewer's own position (theirs to use exactly). */
  lat: number;
  lng: number;
  radiusMeters: number;
  limit?: number;
  /** Blocked users and the like; the viewer is always left out. */
  excludeUserIds?: Iterable<number>;
  secret: string | Buffer;
  cellMeters?: number;
}

/** One hand on the viewer's map: nothing exact about the other user. */
export interface PublicNearbyItem {
  userId: number;
  position: PublicPosition;
  distance: DistanceBucket;
}

/**
 * The nearby list as a viewer may see it. The index answers by exact distance, and that answer
 * must not show through: who is inside the radius, the order, and who survives the limit are all
 * decided here by the distance to the *shown* point. Otherwise a viewer could binary-search the
 * radius (or plant fake hands at known spots to move the limit's cut) and trace a circle around
 * the real position.
 *
 * The result is exactly "users by distance to their shown point, within the radius, the first
 * `limit`", computed as if over every user: the index is asked for a margin more than the radius,
 * and when its own limit cuts the answer short, only the part the cut cannot have changed is kept
 * (asking again for more if that part is too short).
 */
export async function findPublicNearby(index: NearbyIndex, query: PublicNearbyQuery): Promise<PublicNearbyItem[]> {
  const limit = query.limit ?? DEFAULT_NEAR_LIMIT;
  const cellMeters = query.cellMeters ?? PUBLIC_POSITION_CELL_METERS;
  const margin = maxShownErrorMeters(cellMeters);
  const exclude = new Set(query.excludeUserIds ?? []);
  exclude.add(query.viewerId);
  const viewer = { lat: query.lat, lng: query.lng };

  let fetch = Math.min(MAX_NEAR_LIMIT, 2 * limit + 50);
  for (;;) {
    const hits = await index.near(query.lat, query.lng, query.radiusMeters + margin, {
      limit: fetch,
      excludeUserIds: exclude,
    });
    const cut = hits.length === fetch;
    // Everyone truly nearer than the last hit was returned; a shown point within this reach
    // belongs to someone truly nearer than it (shown and true positions differ by < margin).
    const reach = cut
      ? Math.min(query.radiusMeters, hits[hits.length - 1]!.distanceMeters - margin - 1)
      : query.radiusMeters;
    const kept: { userId: number; position: PublicPosition; meters: number }[] = [];
    const nearest = new BoundedMaxHeap<number>(limit);
    for (const hit of hits) {
      // Hits come nearest first and a shown point is within `margin` of its hit, so once the
      // limit is full of nearer shown points nothing further can enter: skip their HMACs.
      if (hit.distanceMeters - margin > nearest.threshold) break;
      const position = publicPosition(
        { id: hit.userId, lat: hit.lat, lng: hit.lng },
        query.viewerId,
        query.secret,
        cellMeters,
      );
      const meters = distanceMeters(viewer, position);
      if (meters > reach) continue;
      kept.push({ userId: hit.userId, position, meters });
      nearest.offer(meters, hit.userId);
    }
    // At MAX_NEAR_LIMIT still cut short, the list is only what the cut cannot have changed: its
    // length then hints at the 10,000th hand's distance, a residual only such a crowd can produce.
    if (!cut || kept.length >= limit || fetch === MAX_NEAR_LIMIT) {
      return (
        kept
          // Ties (same shown distance) broken by id, never by the exact distance.
          .sort((a, b) => a.meters - b.meters || a.userId - b.userId)
          .slice(0, limit)
          .map(({ userId, position, meters }) => ({ userId, position, distance: coarseDistance(meters) }))
      );
    }
    fetch = Math.min(MAX_NEAR_LIMIT, fetch * 4);
  }
}
