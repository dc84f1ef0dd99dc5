import { useCallback, useEffect, useRef, useState } from 'react';
import type { OwnPosition } from '@app/shared/schemas/meet';
import { distanceMeters } from './geo';

/**
 * How the map page reads the device position. The page hands in the consent feature's
 * requestGeolocation (features do not import each other), which refuses without the
 * geolocation consent.
 */
export interface GeolocationPort {
  /** The visitor gave the geolocation consent. */
  consented: boolean;
  /** Records the consent: the visitor pressed the button that says what it is for. */
  grantConsent: () => void;
  /** One reading of the device position; the browser may ask its own permission first. */
  locate: (options?: PositionOptions) => Promise<GeolocationPosition>;
}

export type LocationStatus = 'needs-consent' | 'locating' | 'denied' | 'unavailable' | 'ready';

/** While the page is open the position is read again this often, so the hand follows its owner. */
export const FOLLOW_INTERVAL_MS = 5_000;
const READ_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 20_000, maximumAge: 3_000 };

const PERMISSION_DENIED = 1;

function toOwnPosition(reading: GeolocationPosition): OwnPosition {
  const { latitude, longitude, accuracy } = reading.coords;
  return { lat: latitude, lng: longitude, ...(Number.isFinite(accuracy) && { accuracy: Math.min(accuracy, 100_000) }) };
}

/** The viewer's own position, followed while the page is open, and why there is none. */
export function useOwnPosition(port: GeolocationPort) {
  const { consented, locate } = port;
  const [position, setPosition] = useState<OwnPosition | null>(null);
  const [failure, setFailure] = useState<'denied' | 'unavailable' | null>(null);
  const [attempt, setAttempt] = useState(0);
  const hasPosition = useRef(false);

  useEffect(() => {
    if (!consented) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () => {
      locate(READ_OPTIONS).then(
        (reading) => {
          if (cancelled) return;
          const next = toOwnPosition(reading);
          hasPosition.current = true;
          setFailure(null);
          // Same place (within a metre, same accuracy): no new object, so nothing re-renders.
          setPosition((prev) =>
            prev && distanceMeters(prev, next) < 1 && prev.accuracy === next.accuracy ? prev : next,
          );
          timer = setTimeout(read, FOLLOW_INTERVAL_MS);
        },
        (error: unknown) => {
          if (cancelled) return;
          const denied = (error as { code?: number }).code === PERMISSION_DENIED;
          // A reading that fails after the first keeps the last position (a tunnel, a slow GPS fix);
          // only a withdrawn permission takes the map away.
          if (denied || !hasPosition.current) {
            hasPosition.current = false;
            setPosition(null);
            setFailure(denied ? 'denied' : 'unavailable');
            return;
          }
          timer = setTimeout(read, FOLLOW_INTERVAL_MS);
        },
      );
    };
    read();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [consented, locate, attempt]);

  const retry = useCallback(() => {
    setFailure(null);
    setAttempt((n) => n + 1);
  }, []);

  const status: LocationStatus = !consented ? 'needs-consent' : (failure ?? (position ? 'ready' : 'locating'));
  return { status, position: consented ? position : null, retry };
}
