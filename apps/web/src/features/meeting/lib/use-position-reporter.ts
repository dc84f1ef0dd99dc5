import { useCallback, useEffect, useRef, useState } from 'react';
import { MEETING_POSITION_INTERVAL_MS, type MeetingFixRequest, type MeetingProgress } from '@app/shared/schemas/meet';
import { GeolocationConsentError, requestGeolocation } from '../../consent/lib/request-geolocation';
import { useConsents } from '../../consent/lib/use-consents';
import { ApiError } from '../../../lib/api-client';
import { sendMeetingFix } from '../api/send-meeting-fix';
import { useDocumentVisible } from './use-document-visible';

export type ReporterStatus =
  /** Not asked for: the meeting is found, or the screen cannot use positions. */
  | 'off'
  /** The geolocation consent (cookie banner) is missing: nothing is read before it is given. */
  | 'consent'
  /** The browser or the phone refused location to this site. */
  | 'denied'
  | 'unsupported'
  | 'locating'
  | 'active'
  /** The device could not get a fix (indoors, location services off) or took too long. */
  | 'unavailable'
  /** The tab is in the background: this screen is not open, so nothing is sent. */
  | 'paused'
  /** A fix could not be delivered (offline, or the server refused it). */
  | 'failed';

export interface ReporterState {
  status: ReporterStatus;
  /** The device's own accuracy radius of its latest fix, in metres (shown only to this user). */
  accuracy: number | null;
  /** The code of a refused delivery, for its translated text. */
  errorCode?: string;
}

/** A fix older than this is not a position "now": ask the device for a fresh one. */
const FIX_TIMEOUT_MS = MEETING_POSITION_INTERVAL_MS * 3;
const MAX_ACCURACY = 100_000;

const isPositionError = (error: unknown): error is GeolocationPositionError =>
  typeof error === 'object' &&
  error !== null &&
  typeof (error as { code?: unknown }).code === 'number' &&
  'PERMISSION_DENIED' in error;

function toFix(position: GeolocationPosition): MeetingFixRequest {
  return {
    lat: position.coords.latitude,
    lng: position.coords.longitude,
    accuracy: Math.min(MAX_ACCURACY, Math.max(0, position.coords.accuracy)),
    // The device clock when the fix arrived (with maximumAge 0, when it was taken). The server
    // stamps fixes with its own clock and uses this only to order one device's fixes and spot late
    // ones, so it must move with the page's clock: the position's own timestamp comes from the
    // browser's location service, which a test clock (or a page that slept) does not move.
    at: Date.now(),
  };
}

/**
 * While the meeting screen is open and on screen, reads a precise position every
 * MEETING_POSITION_INTERVAL_MS (only through requestGeolocation, so never without the geolocation
 * consent) and sends it for this pair. A meeting is "both have the screen open": a tab in the
 * background, a locked phone or a closed screen sends nothing, and sending starts again at once
 * when the screen is back (the detector bridges gaps of up to a minute). Once the meeting is found
 * (`enabled` false) no position is read at all: the server no longer needs one.
 */
export function usePositionReporter(peerId: number, enabled: boolean, onProgress: (progress: MeetingProgress) => void) {
  const consented = useConsents()?.geolocation === true;
  const visible = useDocumentVisible();
  const [state, setState] = useState<ReporterState>({ status: 'locating', accuracy: null });
  const [attempt, setAttempt] = useState(0);
  const onProgressRef = useRef(onProgress);
  useEffect(() => {
    onProgressRef.current = onProgress;
  }, [onProgress]);

  const supported = typeof navigator !== 'undefined' && 'geolocation' in navigator;
  const running = enabled && consented && supported && visible;

  useEffect(() => {
    if (!running) return;
    let stopped = false;
    let busy = false;
    const controller = new AbortController();
    const set = (next: Partial<ReporterState>) =>
      !stopped && setState((s) => ({ ...s, errorCode: undefined, ...next }));

    const tick = async () => {
      if (busy || stopped) return;
      busy = true;
      try {
        const position = await requestGeolocation({ enableHighAccuracy: true, maximumAge: 0, timeout: FIX_TIMEOUT_MS });
        if (stopped) return;
        const fix = toFix(position);
        const progress = await sendMeetingFix(peerId, fix, controller.signal);
        set({ status: 'active', accuracy: fix.accuracy });
        if (!stopped && progress) onProgressRef.current(progress);
      } catch (error) {
        if (stopped || (error as Error)?.name === 'AbortError') return;
        if (error instanceof GeolocationConsentError) set({ status: 'consent' });
        else if (isPositionError(error)) {
          if (error.code === error.PERMISSION_DENIED) {
            // Asking again every few seconds would only repeat the refusal: wait for "Try again".
            clearInterval(timer);
            set({ status: 'denied' });
          } else set({ status: 'unavailable' });
        } else if (error instanceof ApiError) set({ status: 'failed', errorCode: error.code });
        else set({ status: 'unavailable' });
      } finally {
        busy = false;
      }
    };

    const timer = setInterval(tick, MEETING_POSITION_INTERVAL_MS);
    void tick();
    return () => {
      stopped = true;
      controller.abort();
      clearInterval(timer);
    };
  }, [running, peerId, attempt]);

  const retry = useCallback(() => {
    setState((s) => ({ status: 'locating', accuracy: s.accuracy }));
    setAttempt((n) => n + 1);
  }, []);

  const status: ReporterStatus = !enabled
    ? 'off'
    : !supported
      ? 'unsupported'
      : !consented
        ? 'consent'
        : !visible
          ? 'paused'
          : state.status;
  return { ...state, status, retry };
}
