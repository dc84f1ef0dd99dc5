import { DEG, EARTH_RADIUS_METERS, wrapLongitude, type LatLng } from '../nearby/geo';
import { maxShownErrorMeters } from '../nearby/privacy';

/**
 * Coarse tiles of the live map (docs/decisions/013-live-map-fan-out.md): a hand event goes to the
 * tile of the hand's true position, a watcher listens to every tile its circle can reach. A quarter
 * of a degree (about 28 km north-south) keeps a default 10 km area to one to four tiles and the
 * largest (50 km) to a few dozen.
 */
export const TILE_DEGREES = 0.25;
const COLS = Math.round(360 / TILE_DEGREES);
const ROWS = Math.round(180 / TILE_DEGREES);
const METERS_PER_DEGREE = EARTH_RADIUS_METERS * DEG;

/**
 * How far outside a watcher's circle a hand's true position may be while its shown point (what the
 * viewer's radius is checked against) is inside: the shown point is within this of the truth.
 */
export const SNAP_MARGIN_METERS = maxShownErrorMeters();

const rowOf = (lat: number) => Math.min(ROWS - 1, Math.max(0, Math.floor((lat + 90) / TILE_DEGREES)));
const colOf = (lng: number) => ((Math.floor((wrapLongitude(lng) + 180) / TILE_DEGREES) % COLS) + COLS) % COLS;

/** The tile a point is in. */
export function tileOf(point: LatLng): number {
  return rowOf(point.lat) * COLS + colOf(point.lng);
}

/** Every tile a circle (plus the snapping margin) touches, each once. */
export function tilesOfCircle(center: LatLng, radiusMeters: number): number[] {
  const reach = (radiusMeters + SNAP_MARGIN_METERS) / METERS_PER_DEGREE;
  const south = Math.max(-90, center.lat - reach);
  const north = Math.min(90, center.lat + reach);
  const widest = Math.max(Math.abs(south), Math.abs(north));
  const cos = Math.cos(widest * DEG);
  // A circle reaching a pole (or as wide as the world there) takes every column of its rows.
  const halfWidth = cos > 1e-6 ? reach / cos : 360;
  const tiles: number[] = [];
  const allColumns = 2 * halfWidth + TILE_DEGREES >= 360;
  for (let row = rowOf(south); row <= rowOf(north); row++) {
    if (allColumns) {
      for (let col = 0; col < COLS; col++) tiles.push(row * COLS + col);
      continue;
    }
    const first = Math.floor((center.lng - halfWidth + 180) / TILE_DEGREES);
    const last = Math.floor((center.lng + halfWidth + 180) / TILE_DEGREES);
    for (let c = first; c <= last; c++) tiles.push(row * COLS + (((c % COLS) + COLS) % COLS));
  }
  return [...new Set(tiles)];
}
