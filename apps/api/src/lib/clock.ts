/**
 * The server's notion of "now" for meet and play (hand expiry, meetings, holding times, device
 * protection). Real time in production; with CLOCK_CONTROL (tests only) it can be moved forward,
 * so a browser test can play twenty minutes of a meeting, or a day of holding a token, in seconds.
 */
export interface Clock {
  now(): number;
  /** Moves the clock forward (CLOCK_CONTROL only). */
  advance(ms: number): void;
  readonly controllable: boolean;
}

export function createClock(controllable = false, source: () => number = Date.now): Clock {
  let offset = 0;
  return {
    now: () => source() + offset,
    advance(ms) {
      if (!controllable) throw new Error('the clock can be moved only with CLOCK_CONTROL');
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`cannot move the clock by ${ms} ms`);
      offset += ms;
    },
    controllable,
  };
}
