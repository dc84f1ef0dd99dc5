import {
  createContext,
  forwardRef,
  useContext,
  useMemo,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';

/**
 * What the public pages use of React Router, for the public bundle and its renderer only (vite.config
 * aliases `react-router` to this file in those two builds). A prerendered page has no data router:
 * one location, a navigator that loads other pages from the server (page-navigator.ts), and links.
 * The whole router is 12 KB gzipped of the start page's budget; this is under 1 KB. The app's
 * build uses the real router. Anything else imported from `react-router` in those builds fails the
 * build, so this file cannot silently fall short.
 */

export interface Path {
  pathname: string;
  search: string;
  hash: string;
}
export type To = string | Partial<Path>;
export interface Location extends Path {
  state: unknown;
  key: string;
}
export interface Navigator {
  createHref(to: To): string;
  push(to: To, state?: unknown): void;
  replace(to: To, state?: unknown): void;
  go(delta: number): void;
}
export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/** As React Router's: the parts joined, each with its leading "?" or "#". */
export function createPath({ pathname = '/', search = '', hash = '' }: Partial<Path>): string {
  let path = pathname;
  if (search && search !== '?') path += search.startsWith('?') ? search : `?${search}`;
  if (hash && hash !== '#') path += hash.startsWith('#') ? hash : `#${hash}`;
  return path;
}

function parsePath(path: string): Partial<Location> {
  const url = new URL(path, 'http://localhost');
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

const RouterContext = createContext<{ location: Location; navigator: Navigator } | null>(null);

export function Router({
  location,
  navigator,
  children,
}: {
  location: string | Partial<Location>;
  navigator: Navigator;
  static?: boolean;
  children?: ReactNode;
}) {
  const {
    pathname = '/',
    search = '',
    hash = '',
    state = null,
    key = 'default',
  } = typeof location === 'string' ? parsePath(location) : location;
  const value = useMemo(
    () => ({ location: { pathname, search, hash, state, key }, navigator }),
    [pathname, search, hash, state, key, navigator],
  );
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

function useRouter() {
  const router = useContext(RouterContext);
  if (!router) throw new Error('a router hook outside <Router>');
  return router;
}

export const useLocation = (): Location => useRouter().location;

export function useNavigate() {
  const { navigator } = useRouter();
  return (to: To | number, options: NavigateOptions = {}) => {
    if (typeof to === 'number') navigator.go(to);
    else if (options.replace) navigator.replace(to, options.state);
    else navigator.push(to, options.state);
  };
}

/** Route matches exist only under the data router, which the public pages never have. */
export function useMatches(): never[] {
  return [];
}

/** A link within the page ("#part", "?query") belongs to the current path, as in React Router. */
function resolve(to: To, current: Location): Partial<Path> {
  const path = typeof to === 'string' ? parsePathRelative(to) : to;
  return path.pathname ? path : { pathname: current.pathname, search: path.search ?? '', hash: path.hash ?? '' };
}

function parsePathRelative(to: string): Partial<Path> {
  const hashAt = to.indexOf('#');
  const hash = hashAt >= 0 ? to.slice(hashAt) : '';
  const rest = hashAt >= 0 ? to.slice(0, hashAt) : to;
  const searchAt = rest.indexOf('?');
  const search = searchAt >= 0 ? rest.slice(searchAt) : undefined;
  const pathname = searchAt >= 0 ? rest.slice(0, searchAt) : rest;
  return { pathname: pathname || undefined, search, hash: hash || undefined };
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
  reloadDocument?: boolean;
  preventScrollReset?: boolean;
  relative?: 'route' | 'path';
  viewTransition?: boolean;
  discover?: 'render' | 'none';
  prefetch?: 'none' | 'intent' | 'render' | 'viewport';
}

const isPlainClick = (event: MouseEvent<HTMLAnchorElement>, target?: string) =>
  event.button === 0 &&
  (!target || target === '_self') &&
  !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  {
    to,
    replace,
    state,
    reloadDocument,
    preventScrollReset: _preventScrollReset,
    relative: _relative,
    viewTransition: _viewTransition,
    discover: _discover,
    prefetch: _prefetch,
    onClick,
    target,
    ...rest
  },
  ref,
) {
  const { location, navigator } = useRouter();
  const path = resolve(to, location);
  const href = navigator.createHref(path);
  return (
    <a
      {...rest}
      ref={ref}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || reloadDocument || !isPlainClick(event, target)) return;
        event.preventDefault();
        // The same address again replaces rather than adds a history entry, as React Router does.
        const same = createPath(location) === createPath(path);
        if (replace ?? same) navigator.replace(path, state);
        else navigator.push(path, state);
      }}
    />
  );
});
