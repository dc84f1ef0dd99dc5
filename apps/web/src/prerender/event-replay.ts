/**
 * Taps and form sends on a prerendered page before its code answers: the page's inline script
 * (@app/shared/web/hold-early-taps) holds them from its first paint. Once hydrated, they are
 * replayed in order; if the app renders over the page instead, they are dropped with the page.
 */
interface HeldTaps extends Array<() => void> {
  stop(): void;
}

declare global {
  interface Window {
    __heldTaps?: HeldTaps;
  }
}

function takeHeldTaps(): Array<() => void> {
  const held = window.__heldTaps;
  if (!held) return [];
  delete window.__heldTaps;
  held.stop();
  return held.splice(0);
}

/** Called once the page is hydrated: what was held happens now. */
export function replayHeldEvents() {
  for (const replay of takeHeldTaps()) {
    try {
      replay();
    } catch (error) {
      // One tap that cannot be replayed must not cost the others, or the page.
      console.error('replaying a tap:', error);
    }
  }
}

/** The app renders over the page: its buttons must answer, and the page's old taps mean nothing. */
export function dropHeldEvents() {
  takeHeldTaps();
}
