import type { LatLng } from '../nearby/geo';
import type { HandCardBase } from './cards';

/**
 * What one API process tells the others (over Redis) when a hand changes, so each can tell its own
 * watching sockets. Server-internal: it carries exact positions, which only ever become a shown
 * point per viewer in live-map.ts.
 */
export type HandEvent =
  | {
      kind: 'update';
      userId: number;
      /** Where the hand is now. */
      at: LatLng;
      /** Where it was shown before, when it moved: viewers who could see it there, and not here, lose it. */
      prev: LatLng | null;
      base: HandCardBase;
      /** Users who blocked the subject or whom the subject blocked: they hear nothing of it. */
      blocked: number[];
    }
  | {
      kind: 'remove';
      userId: number;
      /** Where it was last: viewers who could see it there lose it. */
      at: LatLng;
      blocked: number[];
    };
