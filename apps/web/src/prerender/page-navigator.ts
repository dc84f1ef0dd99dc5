import { createPath, type Navigator, type To } from 'react-router';
import type { PublicLocation } from './public-tree';

const href = (to: To) => (typeof to === 'string' ? to : createPath(to));

/**
 * The navigator of a hydrated public page. A link to another page loads it from the server (its
 * HTML comes ready, and the app's pages bring the app); a link within the page (a new #hash or the
 * same address) stays on it, as the router would.
 */
export function pageNavigator(onSamePage: (location: PublicLocation) => void): Navigator {
  const go = (to: To, replace: boolean) => {
    const url = new URL(href(to), window.location.href);
    if (
      url.origin === window.location.origin &&
      url.pathname === window.location.pathname &&
      url.search === window.location.search
    ) {
      if (replace) window.history.replaceState(null, '', url);
      else window.history.pushState(null, '', url);
      onSamePage({ pathname: url.pathname, search: url.search, hash: url.hash });
      return;
    }
    if (replace) window.location.replace(url);
    else window.location.assign(url);
  };
  return {
    createHref: href,
    push: (to) => go(to, false),
    replace: (to) => go(to, true),
    go: (delta) => window.history.go(delta),
  };
}
