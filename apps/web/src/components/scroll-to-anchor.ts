/** How long an anchor keeps its place while the page settles, unless the reader moves first. */
const SETTLE_MS = 1000;
const READER_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Scrolls an anchor's element to the top of the view and keeps it there while the page settles.
 * On a fresh load the router restores a scroll position it remembered (under a key every fresh
 * load shares) after the page's own effects have run, and fonts and late content shift the page;
 * an anchor the reader asked for should win over both. Any input from the reader ends it at once.
 * Returns the cleanup for an effect.
 */
export function scrollToAnchor(id: string): () => void {
  const until = performance.now() + SETTLE_MS;
  let frame = 0;

  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of READER_INPUT) window.removeEventListener(type, stop);
  };
  const keep = () => {
    const element = document.getElementById(id);
    if (element) {
      const offset = parseFloat(getComputedStyle(element).scrollMarginTop) || 0;
      if (Math.abs(element.getBoundingClientRect().top - offset) > 1) element.scrollIntoView({ block: 'start' });
    }
    if (performance.now() < until) frame = requestAnimationFrame(keep);
    else stop();
  };

  for (const type of READER_INPUT) window.addEventListener(type, stop, { passive: true });
  keep();
  return stop;
}
