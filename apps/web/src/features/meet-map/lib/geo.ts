import { NEARBY_MAX_RADIUS_METERS } from '@app/shared/schemas/meet';

export interface LatLng {
  lat: number;
  lng: number;
}

const EARTH_RADIUS_METERS = 6_371_000;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance (haversine): plenty for the few kilometres the map is about. */
export function distanceMeters(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The radii the watched area snaps to. Snapping keeps a small pan or zoom from re-sending the
 * area and re-fetching the list; the largest is the API's limit.
 */
export const WATCH_RADII = [500, 1_000, 2_000, 5_000, 10_000, 25_000, NEARBY_MAX_RADIUS_METERS] as const;

/** The smallest snapped radius around `center` that covers every given point (the map's corners). */
export function watchRadiusFor(center: LatLng, corners: LatLng[]): number {
  const needed = Math.max(0, ...corners.map((c) => distanceMeters(center, c)));
  return WATCH_RADII.find((r) => r >= needed) ?? NEARBY_MAX_RADIUS_METERS;
}

/** A new watched area is worth sending once the viewer walked this far from the last one's centre. */
export const WATCH_RECENTER_METERS = 250;
