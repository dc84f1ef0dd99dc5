import { useEffect, useRef } from 'react';
import type { OwnPosition } from '@app/shared/schemas/meet';
import { sendPosition } from '../api/send-position';
import { distanceMeters } from './geo';

/** A move smaller than this is GPS noise, not worth telling the server. */
export const REPORT_MIN_MOVE_METERS = 20;
/** At most one report this often, however fast the readings come. */
export const REPORT_MIN_INTERVAL_MS = 5_000;

/**
 * Tells the server where the viewer is while the map is open (POST /api/meet/position): at once,
 * then after every meaningful move, throttled. The last move of a burst is sent when the wait ends.
 */
export function usePositionReporter(position: OwnPosition | null) {
  const sent = useRef<{ position: OwnPosition; at: number } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (!position) return;
    const last = sent.current;
    if (last && distanceMeters(last.position, position) < REPORT_MIN_MOVE_METERS) return;
    const send = () => {
      sent.current = { position, at: Date.now() };
      // A refused move (too fast to be real) changes nothing here: the server keeps the last good one.
      void sendPosition(position).catch(() => undefined);
    };
    const wait = last ? last.at + REPORT_MIN_INTERVAL_MS - Date.now() : 0;
    clearTimeout(timer.current);
    if (wait <= 0) send();
    else timer.current = setTimeout(send, wait);
  }, [position]);

  useEffect(() => () => clearTimeout(timer.current), []);
}
