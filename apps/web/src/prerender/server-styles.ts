import type { EmotionCache } from '@emotion/cache';

/**
 * The styles a prerendered page carries (render-public-page.tsx), under an attribute of our own
 * rather than emotion's `data-emotion`. On start emotion moves each of its server-rendered style
 * tags within <head>, and the browser recomputes every style of the page for each move (about
 * 70 ms on a slow phone's CPU), for tags that are already where they belong. Here the browser's
 * cache is only told which rules the page already has, so hydration inserts none of them again.
 */
const ATTRIBUTE = 'data-emotion-ssr';

/** Server side: emotion's style tags, renamed. */
export function asServerStyles(tags: string): string {
  return tags.replaceAll('<style data-emotion="', `<style ${ATTRIBUTE}="`);
}

/** Browser side: the page's rules count as inserted in `cache` (of the same key). */
export function adoptServerStyles(cache: EmotionCache) {
  for (const node of document.querySelectorAll(`style[${ATTRIBUTE}^="${cache.key} "]`)) {
    for (const id of node.getAttribute(ATTRIBUTE)!.split(' ').slice(1)) cache.inserted[id] = true;
  }
}
