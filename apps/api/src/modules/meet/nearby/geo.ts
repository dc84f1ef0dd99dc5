/**
 * Sphere maths shared by both nearby indexes and the privacy rules.
 *
 * The radius is Redis's own (src/geohash_helper.c), so the in-process index and the Redis index
 * agree on distances to well under a metre and pass the same contract.
 */
export const EARTH_RADIUS_METERS = 6_372_797.560856;

/**
 * Redis GEO (like the Web Mercator map) cannot store latitudes beyond this. Both indexes clamp to
 * it so they behave the same near the poles instead of one of them throwing.
 */
export const MAX_INDEX_LATITUDE = 85.05112878;

export const DEG = Math.PI / 180;

export interface LatLng {
  lat: number;
  lng: number;
}

/** Throws on anything that is not a real coordinate: a NaN must never reach an index. */
export function assertLatLng(lat: number, lng: number): void {
  if (!Number.isFinite(lat) || lat < -90 || lat > 90) throw new RangeError(`latitude out of range: ${lat}`);
  if (!Number.isFinite(lng) || lng < -180 || lng > 180) throw new RangeError(`longitude out of range: ${lng}`);
}

export function clampIndexLatitude(lat: number): number {
  return Math.max(-MAX_INDEX_LATITUDE, Math.min(MAX_INDEX_LATITUDE, lat));
}

/** Wraps any longitude into [-180, 180). */
export function wrapLongitude(lng: number): number {
  const wrapped = ((((lng + 180) % 360) + 360) % 360) - 180;
  return Object.is(wrapped, -0) ? 0 : wrapped;
}

/** Haversine of a central angle: monotonic in distance, so it can be compared without asin. */
export function hav(angle: number): number {
  const s = Math.sin(angle / 2);
  return s * s;
}

export function havToMeters(h: number): number {
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.sqrt(Math.min(1, Math.max(0, h))));
}

export function metersToHav(meters: number): number {
  const angle = meters / EARTH_RADIUS_METERS;
  return angle >= Math.PI ? 1 : hav(angle);
}

/** Great-circle distance in metres (haversine, Redis's formula). */
export function distanceMeters(a: LatLng, b: LatLng): number {
  const h = hav((b.lat - a.lat) * DEG) + Math.cos(a.lat * DEG) * Math.cos(b.lat * DEG) * hav((b.lng - a.lng) * DEG);
  return havToMeters(h);
}

/** The point `meters` away from `from` along `bearingDeg` (0 = north, 90 = east). */
export function destination(from: LatLng, bearingDeg: number, meters: number): LatLng {
  const d = meters / EARTH_RADIUS_METERS;
  const b = bearingDeg * DEG;
  const lat1 = from.lat * DEG;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
  const lng2 =
    from.lng * DEG +
    Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return { lat: lat2 / DEG, lng: wrapLongitude(lng2 / DEG) };
}
