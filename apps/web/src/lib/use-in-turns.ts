import { startTransition, useEffect, useState } from 'react';

/**
 * How many of `total` heavy items to show: `from` at once, then one more per task, each once the
 * previous one is committed. Built together, each brings its own styles and DOM in one commit, a
 * long main-thread task on a slow phone during which a tap goes unanswered (Lighthouse's total
 * blocking time); in turns, the same work is several short tasks. Once every item is in, a longer
 * list shows its new items in turn, and a shorter one shows all it has.
 */
export function useInTurns(total: number, from = 0): number {
  const [shown, setShown] = useState(from);
  useEffect(() => {
    if (shown >= total) return;
    const timer = setTimeout(() => startTransition(() => setShown((n) => n + 1)));
    return () => clearTimeout(timer);
  }, [shown, total]);
  return Math.min(shown, total);
}
