import { useLayoutEffect, type RefObject } from 'react';

/**
 * Sizes an element to reach exactly the bottom of the window from where it starts (under the
 * header, whatever its height), so a messenger's panes scroll inside and the page itself does not.
 * It follows resizes: a rotated phone, or a soft keyboard that shrinks the visual viewport.
 */
export function useFillViewport(ref: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const fit = () => {
      const top = el.getBoundingClientRect().top + window.scrollY;
      const viewport = window.visualViewport?.height ?? window.innerHeight;
      el.style.height = `${Math.max(360, Math.round(viewport - top))}px`;
    };
    fit();
    window.addEventListener('resize', fit);
    window.visualViewport?.addEventListener('resize', fit);
    return () => {
      window.removeEventListener('resize', fit);
      window.visualViewport?.removeEventListener('resize', fit);
    };
  }, [ref]);
}
