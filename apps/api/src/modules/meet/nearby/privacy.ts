import { createHmac } from 'node:crypto';
import {
  DISTANCE_BUCKETS,
  PUBLIC_POSITION_CELL_METERS,
  type DistanceBucket,
  type PublicPosition,
} from '@app/shared/schemas/meet-privacy';
import { DEG, distanceMeters, EARTH_RADIUS_METERS, wrapLongitude, type LatLng } from './geo';

/**
 * What another user may learn about a position (../shared/PRODUCT.md, "Meetings and minting").
 *
 * The rule that makes it hold: everything sent is a function of the subject's grid cell (plus ids
 * and the server secret), never of where inside the cell the subject is. Two positions in the
 * same cell produce the same bytes for every viewer, so no number of queries, viewer identities
 * or viewer positions can locate someone better than their ~100 m cell. Distances are measured to
 * the point the viewer is shown, so bucket boundaries (the classic trilateration attack) only
 * outline that point, which the viewer already has.
 */

const METERS_PER_DEGREE = EARTH_RADIUS_METERS * DEG;

/** Shown coordinates carry 6 decimals (~0.1 m): enough for a map, no float noise to read. */
const COORDINATE_DECIMALS = 1e6;

export interface GridCell {
  row: number;
  col: number;
  /** Centre of the cell. */
  lat: number;
  lng: number;
  /** Cell size in degrees (the longitude step widens towards the poles). */
  latStep: number;
  lngStep: number;
}

/**
 * The grid cell containing a point: rows of equal height, each row cut into a whole number of
 * columns about cellMeters wide, so cells stay near square at every latitude and the grid wraps at
 * the antimeridian without a seam.
 */
export function snapToGrid(lat: number, lng: number, cellMeters = PUBLIC_POSITION_CELL_METERS): GridCell {
  if (!(cellMeters >= 1)) throw new RangeError(`invalid cell size: ${cellMeters}`);
  const rows = Math.round((180 * METERS_PER_DEGREE) / cellMeters);
  const latStep = 180 / rows;
  const row = Math.min(rows - 1, Math.max(0, Math.floor((lat + 90) / latStep)));
  const centerLat = -90 + (row + 0.5) * latStep;
  const cols = Math.max(1, Math.floor((360 * METERS_PER_DEGREE * Math.cos(centerLat * DEG)) / cellMeters));
  const lngStep = 360 / cols;
  const col = Math.min(cols - 1, Math.max(0, Math.floor((wrapLongitude(lng) + 180) / lngStep)));
  return { row, col, lat: centerLat, lng: wrapLongitude(-180 + (col + 0.5) * lngStep), latStep, lngStep };
}

/**
 * Where inside the cell this viewer sees this subject, as fractions of the cell in (-0.5, 0.5).
 * An HMAC of both ids under the server secret: stable for the pair (the map does not jitter),
 * different for every other viewer, unpredictable without the secret. Averaging what many viewers
 * see converges to the cell centre, which says nothing about the position inside the cell.
 */
export function viewerOffset(
  viewerId: number | string,
  subjectId: number | string,
  secret: string | Buffer,
): { x: number; y: number } {
  if (secret.length < 16) throw new Error('the location privacy secret must be at least 16 bytes');
  const digest = createHmac('sha256', secret).update(`meet-position-offset\0${viewerId}\0${subjectId}`).digest();
  const fraction = (n: number) => (n + 0.5) / 2 ** 32 - 0.5;
  return { x: fraction(digest.readUInt32BE(0)), y: fraction(digest.readUInt32BE(4)) };
}

export interface Subject extends LatLng {
  id: number | string;
}

/** The only form in which a subject's position may leave the server, for one viewer. */
export function publicPosition(
  subject: Subject,
  viewerId: number | string,
  secret: string | Buffer,
  cellMeters = PUBLIC_POSITION_CELL_METERS,
): PublicPosition {
  return shownPoint(snapToGrid(subject.lat, subject.lng, cellMeters), viewerOffset(viewerId, subject.id, secret));
}

/**
 * publicPosition in its two parts, for callers that show one subject to many viewers (the live
 * map snaps once per event) or one viewer many times (it keeps the pair's offset): the cell plus
 * the pair's offset inside it.
 */
export function shownPoint(cell: GridCell, offset: { x: number; y: number }): PublicPosition {
  const round = (v: number) => Math.round(v * COORDINATE_DECIMALS) / COORDINATE_DECIMALS;
  return {
    lat: round(Math.max(-90, Math.min(90, cell.lat + offset.y * cell.latStep))),
    lng: round(wrapLongitude(cell.lng + offset.x * cell.lngStep)),
  };
}

/**
 * The farthest a shown point can be from the truth: both lie in one cell, so its diagonal
 * (√2 × cell) plus slack for rounding. Valid up to the indexes' 85.05° clamp, where cells are
 * still square to 0.1 %.
 */
export function maxShownErrorMeters(cellMeters = PUBLIC_POSITION_CELL_METERS): number {
  return 1.5 * cellMeters;
}

/** The coarse step a distance falls in (DISTANCE_BUCKETS, nearest first). */
export function coarseDistance(meters: number): DistanceBucket {
  if (!(meters >= 0)) throw new RangeError(`invalid distance: ${meters}`);
  for (const bucket of DISTANCE_BUCKETS) if (bucket.maxMeters === null || meters < bucket.maxMeters) return bucket.key;
  return 'far'; // unreachable: the last bucket is open-ended
}

/**
 * The distance step a viewer sees: from the viewer's own position to the point they are shown,
 * never to the subject's real position (whose bucket boundaries would trace circles around it).
 */
export function publicDistance(viewer: LatLng, shown: PublicPosition): DistanceBucket {
  return coarseDistance(distanceMeters(viewer, shown));
}
