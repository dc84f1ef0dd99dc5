import { useCallback, useEffect, useState } from 'react';

/** Seconds left until a deadline, ticking once a second; `start(n)` sets a new deadline. */
export function useCountdown(initialSeconds = 0) {
  const [deadline, setDeadline] = useState(() => (initialSeconds > 0 ? Date.now() + initialSeconds * 1000 : 0));
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((deadline - now) / 1000));

  useEffect(() => {
    if (deadline <= Date.now()) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [deadline]);

  const start = useCallback((seconds: number) => {
    setNow(Date.now());
    setDeadline(Date.now() + seconds * 1000);
  }, []);

  return { left, start };
}
