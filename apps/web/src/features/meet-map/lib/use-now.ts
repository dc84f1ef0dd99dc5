import { useEffect, useState } from 'react';

/** The current time (epoch ms) plus `offset`, re-rendering every `intervalMs`. */
export function useNow(intervalMs = 1000, offset = 0): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now + offset;
}
