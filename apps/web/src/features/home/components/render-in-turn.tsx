import { Fragment, startTransition, useEffect, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { isPrerendered } from '../../../lib/prerendered';

/** Only the first page of a visit renders in turns; later visits to it come back all at once. */
let firstRender = true;

/**
 * Renders its sections one at a time, each in a task of its own once the previous one is on the
 * screen, when the start page is the first page of a visit. It is long and every section brings
 * its own styles: in one commit that was a main-thread block of half a second on a mid-range phone,
 * during which a tap went unanswered (Lighthouse's total blocking time). The sections are below the
 * fold, so nobody sees the order; a screen-high placeholder keeps the footer out of view until the
 * last one is in. A page the server rendered ahead arrives whole, and hydrates whole. Coming back later (a link, the back button) renders everything at once, so the
 * router can restore the scroll position on a page of full height.
 */
export function RenderInTurn({ sections }: { sections: { key: string; node: ReactNode }[] }) {
  const [shown, setShown] = useState(() => (firstRender && !isPrerendered() ? 0 : sections.length));

  // Leaving the page, even before every section is in, ends the first visit's turns.
  useEffect(
    () => () => {
      firstRender = false;
    },
    [],
  );

  useEffect(() => {
    if (shown >= sections.length) {
      firstRender = false;
      return;
    }
    // lib/use-in-turns.ts does the same; the start page keeps its own lines, since the hook's module
    // cost it 35 bytes of a budget with 2 left.
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
