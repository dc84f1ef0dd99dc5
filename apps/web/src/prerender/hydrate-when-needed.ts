import { COOKIE_BANNER_DELAY_MS } from '@app/shared/constants';

/** What a visitor reaches for: a control the page's code has to answer. */
const CONTROL = 'button, [role="button"], input, select, textarea, summary, [tabindex]:not([tabindex="-1"])';

/**
 * When a prerendered page takes its code: on the first sign that the visitor reaches for a control
 * (a pointer over it, a touch or a press on it, a key, focus), when the cookie banner is due (3 s
 * after load, the moment something on the page changes by itself), when a part marked
 * `data-hydrate="visible"` comes near the screen, or at once when the address points into the page
 * (`#…`) or a part is marked `data-hydrate="at-once"` (a form). Until then the page is its HTML:
 * it reads, scrolls and follows links, and a tap on a button is held by the page's inline script and
 * replayed once the code answers. See decision 018. Returns false when it hydrated at once.
 */
export function hydrateWhenNeeded(hydrate: () => void): boolean {
  let done = false;
  const cleanups: Array<() => void> = [];
  const once = () => {
    if (done) return;
    done = true;
    for (const cleanup of cleanups) cleanup();
    hydrate();
  };

  if (document.querySelector('[data-hydrate="at-once"]') || window.location.hash.length > 1) {
    once();
    return false;
  }

  const reach = (event: Event) => {
    const control = event.target instanceof Element ? event.target.closest(CONTROL) : null;
    // A link needs no code (it loads its page), and a swipe that starts on one is a scroll. A control
    // that answers without it (the phone menu, decision 036) does not need it either: the page's
    // start would only hold up the frame that shows its answer.
    if (event.type === 'keydown' || (control && !control.matches('a[href], [data-answers-early]'))) once();
  };
  // The window's capture phase runs before the inline script's (on the document), which stops a
  // held tap from going further.
  for (const type of ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown', 'click'] as const) {
    window.addEventListener(type, reach, { capture: true, passive: true });
    cleanups.push(() => window.removeEventListener(type, reach, { capture: true }));
  }

  // Counted from the navigation: the page was on screen before this script ran.
  const timer = setTimeout(once, Math.max(0, COOKIE_BANNER_DELAY_MS - performance.now()));
  cleanups.push(() => clearTimeout(timer));

  const watched = document.querySelectorAll('[data-hydrate="visible"]');
  if (watched.length && typeof IntersectionObserver !== 'undefined') {
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && once(), {
      rootMargin: '600px 0px',
    });
    watched.forEach((node) => observer.observe(node));
    cleanups.push(() => observer.disconnect());
  }
  return true;
}
