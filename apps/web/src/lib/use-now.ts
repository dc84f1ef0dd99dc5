import { useEffect, useRef, useState } from 'react';

export interface UseNowOptions {
  /** Ticks only while true: a countdown that is not shown need not re-render its screen. */
  active?: boolean;
  /** Added to the local clock, e.g. the server clock's lead, so countdowns match the server's. */
  offset?: number;
}

/**
 * The current time (epoch ms, plus `offset`), re-rendering every `intervalMs` while `active`:
 * countdowns, and "from 14:00" turning into "now" on its own.
 */
export function useNow(intervalMs = 1000, { active = true, offset = 0 }: UseNowOptions = {}): number {
  const [now, setNow] = useState(() => Date.now());
  const mounting = useRef(true);
  useEffect(() => {
    const firstRun = mounting.current;
    mounting.current = false;
    if (!active) return;
    const tick = () => setNow(Date.now());
    // At once too after a pause or a new interval: the time kept may be long gone. Not on mount,
    // where it was read a moment ago, so a page does not render twice for nothing.
    const first = firstRun ? undefined : setTimeout(tick, 0);
    const timer = setInterval(tick, intervalMs);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [intervalMs, active]);
  return now + offset;
}
