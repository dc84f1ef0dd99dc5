import { z } from 'zod';

/**
 * What the map may learn about another user's location (../shared/PRODUCT.md, "Meetings and
 * minting"). The API never sends an exact position or an exact distance: positions come snapped
 * to a grid cell of about PUBLIC_POSITION_CELL_METERS, and distances come as one of these keys,
 * which the web app translates (e.g. `meet.distance.lt500m`).
 */

/** Side of the grid cell a shown position is snapped into; the map can draw it as the accuracy. */
export const PUBLIC_POSITION_CELL_METERS = 100;

/**
 * Coarse distance steps, nearest first. A distance belongs to the first step whose maxMeters it
 * is below; `far` has no upper bound. Keep the order: the API sorts by it.
 */
export const DISTANCE_BUCKETS = [
  { key: 'lt500m', maxMeters: 500 },
  { key: 'lt1km', maxMeters: 1_000 },
  { key: 'lt5km', maxMeters: 5_000 },
  { key: 'lt10km', maxMeters: 10_000 },
  { key: 'lt25km', maxMeters: 25_000 },
  { key: 'far', maxMeters: null },
] as const;

export type DistanceBucket = (typeof DISTANCE_BUCKETS)[number]['key'];

export const DISTANCE_BUCKET_KEYS = DISTANCE_BUCKETS.map((b) => b.key) as [DistanceBucket, ...DistanceBucket[]];

export const distanceBucketSchema = z.enum(DISTANCE_BUCKET_KEYS);

/** Another user's position as the API sends it: already snapped and offset on the server. */
export const publicPositionSchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});
export type PublicPosition = z.infer<typeof publicPositionSchema>;
