/**
 * A position report from one user's device. Only the server ever sees these (PRODUCT.md
 * "Meetings and minting"); nothing here is meant to leave it.
 */

export interface LatLng {
  /** Degrees, WGS 84. */
  lat: number;
  lng: number;
}

export interface Fix extends LatLng {
  userId: number;
  /** Horizontal accuracy in metres, as the device reports it (radius of ~68% confidence). */
  accuracy: number;
  /** When the device took the fix, epoch milliseconds. */
  timestamp: number;
}

/**
 * Devices and clients send garbage now and then (NaN from a bad parse, accuracy -1 when unknown
 * on some Android builds). Such a fix carries no evidence, so detectors drop it instead of
 * throwing in the middle of a stream.
 */
export function isValidFix(fix: Fix): boolean {
  return (
    Number.isInteger(fix.userId) &&
    Number.isFinite(fix.lat) &&
    Number.isFinite(fix.lng) &&
    Number.isFinite(fix.accuracy) &&
    Number.isFinite(fix.timestamp) &&
    Math.abs(fix.lat) <= 90 &&
    Math.abs(fix.lng) <= 180 &&
    fix.accuracy >= 0
  );
}
