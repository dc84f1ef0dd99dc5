import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { LOCALE_COOKIE, SUPPORTED_LOCALES, type Locale } from '@app/shared/constants';
import { requestLocale } from '../lib/request-locale';
import type { PublicConfig } from '../modules/system/public-config';

/** What the web build's renderer (apps/web/src/prerender/render-public-page.tsx) exports. */
interface Renderer {
  findPublicPage(pathname: string): { path: string } | undefined;
  renderPublicPage(options: {
    pathname: string;
    locale: Locale;
    config: PublicConfig;
    publicUrl: string;
    chosenLocale?: Locale | null;
  }): Promise<{ head: string; html: string } | null>;
}

const isLocale = (value: string | null | undefined): value is Locale =>
  !!value && (SUPPORTED_LOCALES as readonly string[]).includes(value);

/**
 * The language of a prerendered page, as the browser would pick it (lib/detect-locale.ts): a
 * `?lang=` address, else the reader's stored choice (which the browser mirrors into a cookie),
 * else the browser's languages, else English.
 */
export function pageLocale(request: Pick<FastifyRequest, 'url' | 'headers'>): {
  locale: Locale;
  chosen: Locale | null;
} {
  const requested = new URLSearchParams(request.url.split('?')[1] ?? '').get('lang');
  if (isLocale(requested)) return { locale: requested, chosen: requested };
  const cookie = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]*)`).exec(request.headers.cookie ?? '')?.[1];
  if (isLocale(cookie)) return { locale: cookie, chosen: null };
  return { locale: requestLocale(request), chosen: null };
}

/**
 * The page's own fonts (the template's @font-face rules), fetched with the page: text painted in
 * the fallback font first moved when Roboto arrived (a layout shift).
 */
export function fontPreloadTags(template: string, subsets: readonly string[]): string {
  const urls = [...template.matchAll(/url\((\/assets\/[\w-]+\.woff2)\)/g)].map((m) => m[1]!);
  return [...new Set(urls)]
    .filter((url) => subsets.some((subset) => url.includes(`-${subset}-`)))
    .map((url) => `<link rel="preload" href="${url}" as="font" type="font/woff2" crossorigin>`)
    .join('\n');
}

/**
 * The public pages as ready HTML: rendered by the web build's renderer on first request for each
 * page and language, then kept (they change only with a new build or config). Null when the
 * build has no renderer (the API's own tests): every page then gets the app's index.html.
 */
export async function createPrerenderedPages(opts: {
  distDir: string;
  publicConfig: PublicConfig;
  publicUrl: string;
  configScript: string;
  /** The app's index.html: names the app's entry, for readers who get the app instead. */
  indexHtml: string;
  log: FastifyBaseLogger;
}) {
  const rendererFile = path.join(opts.distDir, 'server', 'render-public-page.js');
  const templateFile = path.join(opts.distDir, 'public.html');
  if (!fs.existsSync(rendererFile) || !fs.existsSync(templateFile)) return null;
  let renderer: Renderer;
  try {
    renderer = (await import(pathToFileURL(rendererFile).href)) as Renderer;
  } catch (error) {
    // A broken renderer costs the head start, never the site: every page is the app then.
    opts.log.error({ err: error, file: rendererFile }, 'the renderer of the public pages did not load');
    return null;
  }
  const template = fs.readFileSync(templateFile, 'utf8');
  // The app's entry is its last module script (the bundler's runtime may come before it).
  const appEntry = [...opts.indexHtml.matchAll(/<script type="module"[^>]*\ssrc="([^"]+)"/g)].pop()?.[1];
  const cache = new Map<string, Promise<string | null>>();
  const fontPreloads = (locale: Locale) =>
    fontPreloadTags(template, locale === 'ru' ? ['latin', 'cyrillic'] : ['latin']);

  const render = async (pathname: string, locale: Locale, chosen: Locale | null): Promise<string | null> => {
    const page = await renderer.renderPublicPage({
      pathname,
      locale,
      config: opts.publicConfig,
      publicUrl: opts.publicUrl,
      chosenLocale: chosen,
    });
    if (!page) return null;
    // Function replacements: the page's text may hold "$&" and the like.
    return template
      .replace(/<html lang="[^"]*"/, () => `<html lang="${locale}"`)
      .replace('<!--app-head-->', () =>
        [fontPreloads(locale), page.head, appEntry ? `<meta name="app-entry" content="${appEntry}">` : ''].join('\n'),
      )
      .replace('<!--app-config-->', () => opts.configScript)
      .replace('<!--app-html-->', () => page.html);
  };

  return {
    /** The page's HTML, or null when the path is not a public page (or rendering failed). */
    async html(request: Pick<FastifyRequest, 'url' | 'headers'>): Promise<string | null> {
      const [pathname = '/', query = ''] = request.url.split('?');
      // The service worker's offline shell (vite.config.ts APP_SHELL_URL) is the app itself: offline,
      // it shows whichever page was asked for.
      if (new URLSearchParams(query).has('app-shell')) return null;
      const page = renderer.findPublicPage(pathname);
      if (!page) return null;
      const { locale, chosen } = pageLocale(request);
      const key = `${page.path}|${locale}|${chosen ?? ''}`;
      let html = cache.get(key);
      if (!html) {
        html = render(page.path, locale, chosen).catch((error: unknown) => {
          // Never a broken page: the app renders it in the browser instead, and the next request retries.
          opts.log.error({ err: error, path: page.path, locale }, 'prerendering a public page failed');
          cache.delete(key);
          return null;
        });
        cache.set(key, html);
      }
      return html;
    },
  };
}
