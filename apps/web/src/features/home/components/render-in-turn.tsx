import { Fragment, startTransition, useEffect, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * Renders its sections one at a time, each in a task of its own once the previous one is on the
 * screen. The start page is long and every section brings its own styles: in one commit that was a
 * main-thread block of half a second on a mid-range phone, during which a tap went unanswered
 * (Lighthouse's total blocking time). The sections are below the fold, so nobody sees the order;
 * a screen-high placeholder keeps the footer out of view until the last one is in.
 */
export function RenderInTurn({ sections }: { sections: { key: string; node: ReactNode }[] }) {
  const [shown, setShown] = useState(0);

  useEffect(() => {
    if (shown >= sections.length) return;
    const timer = setTimeout(() => startTransition(() => setShown((n) => n + 1)));
    return () => clearTimeout(timer);
  }, [shown, sections.length]);

  return (
    <>
      {sections.slice(0, shown).map(({ key, node }) => (
        <Fragment key={key}>{node}</Fragment>
      ))}
      {shown < sections.length && <Box aria-hidden sx={{ minHeight: '100vh' }} />}
    </>
  );
}
