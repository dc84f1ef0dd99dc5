import { hasConsent } from './consent-store';

/** Thrown when location is asked for before the visitor agreed to share it. */
export class GeolocationConsentError extends Error {
  override readonly name = 'GeolocationConsentError';
  constructor() {
    super('Location is used only with the geolocation consent: accept it in the cookie banner first.');
  }
}

/**
 * The one way the app reads the device position. It refuses without the geolocation consent
 * and only then lets the browser ask its own permission, so no prompt ever appears for a visitor
 * who declined. Rejects with the browser's GeolocationPositionError when that fails.
 */
export function requestGeolocation(options?: PositionOptions): Promise<GeolocationPosition> {
  if (!hasConsent('geolocation')) return Promise.reject(new GeolocationConsentError());
  if (!('geolocation' in navigator)) return Promise.reject(new Error('This browser cannot report its location.'));
  return new Promise((resolve, reject) => navigator.geolocation.getCurrentPosition(resolve, reject, options));
}
