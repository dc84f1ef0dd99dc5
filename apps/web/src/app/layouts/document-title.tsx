import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LOCALES } from '@app/shared/constants';
import { pageDescription, pageTitle } from './page-meta';

export interface RouteHandle {
  /** Locale key of the page title. */
  title?: string;
}

function upsert(selector: string, create: () => HTMLElement, apply: (el: HTMLElement) => void) {
  let el = document.head.querySelector<HTMLElement>(selector);
  if (!el) {
    el = create();
    document.head.appendChild(el);
  }
  apply(el);
}

function link(rel: string, hreflang?: string) {
  return () => {
    const el = document.createElement('link');
    el.rel = rel;
    if (hreflang) el.hreflang = hreflang;
    return el;
  };
}

/**
 * The page's title and description in its language, and the addresses of the same page in each
 * language (`?lang=`), linked by hreflang for search engines. Every address is canonical for
 * itself: `/page?lang=ru` is the Russian page, and `/page` (the x-default, whose language follows
 * the browser) is not a copy of either, so it must not name one of them as its canonical.
 */
export function DocumentHead({ titleKey }: { titleKey: string | undefined }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const title = pageTitle(t, titleKey);
  const description = pageDescription(t, pathname);
  const requested = new URLSearchParams(search).get('lang');
  const chosen = (SUPPORTED_LOCALES as readonly string[]).includes(requested ?? '') ? requested : null;

  useEffect(() => {
    document.title = title;
    upsert(
      'meta[name="description"]',
      () => Object.assign(document.createElement('meta'), { name: 'description' }),
      (el) => el.setAttribute('content', description),
    );
    const base = `${window.location.origin}${pathname}`;
    upsert('link[rel="canonical"]', link('canonical'), (el) =>
      el.setAttribute('href', chosen ? `${base}?lang=${chosen}` : base),
    );
    for (const lang of SUPPORTED_LOCALES) {
      upsert(`link[rel="alternate"][hreflang="${lang}"]`, link('alternate', lang), (el) =>
        el.setAttribute('href', `${base}?lang=${lang}`),
      );
    }
    upsert('link[rel="alternate"][hreflang="x-default"]', link('alternate', 'x-default'), (el) =>
      el.setAttribute('href', base),
    );
  }, [title, description, pathname, chosen]);
  return null;
}

/** The head of the router's current page: the title key of the deepest route that names one. */
export function DocumentTitle() {
  const matches = useMatches();
  const key = [...matches]
    .reverse()
    .map((m) => (m.handle as RouteHandle | undefined)?.title)
    .find(Boolean);
  return <DocumentHead titleKey={key} />;
}
