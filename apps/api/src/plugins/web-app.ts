import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { EARLY_PAGE_STATE_SCRIPT } from '@app/shared/web/early-page-state';
import type { PublicConfig } from '../modules/system/public-config';
import { createPrerenderedPages } from './prerendered-pages';
import { createHtmlCompressor } from './compressed-html';

/** `</script>` inside the JSON must not end the tag. */
const safeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * Serves the built web app beside the API: hashed assets cached for a year, pages never cached and
 * carrying the public config: the public pages rendered ahead, index.html for every other path.
 * Returns false when there is no build (API-only tests).
 */
export async function registerWebApp(
  app: FastifyInstance,
  opts: {
    distDir: string;
    publicConfig: PublicConfig;
    publicUrl: string;
    /** In production, the only host whose /control pages open (ADMIN_HOST; '' for none). */
    adminHost: string | null;
  },
) {
  const indexFile = path.join(opts.distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return false;

  const configScript = `<script id="app-config" type="application/json">${safeJson(opts.publicConfig)}</script>`;
  const rawIndexHtml = fs.readFileSync(indexFile, 'utf8');
  // The reader's colour scheme before the app's first paint, as on the prerendered pages.
  const indexHtml = rawIndexHtml.replace(
    '<!--app-config-->',
    () => `<script>${EARLY_PAGE_STATE_SCRIPT}</script>\n    ${configScript}`,
  );
  const prerendered = await createPrerenderedPages({ ...opts, configScript, indexHtml: rawIndexHtml, log: app.log });

  await app.register(fastifyStatic, {
    root: opts.distDir,
    index: false,
    // The build writes .br and .gz beside each asset; the best one the browser accepts is sent.
    preCompressed: true,
    // One route per built file; every other path falls through to the history fallback.
    wildcard: false,
    // The page templates are only ever sent filled in; the renderer is the server's own code.
    allowedPath: (pathname) =>
      pathname !== '/index.html' && pathname !== '/public.html' && !pathname.startsWith('/server/'),
    setHeaders(res, filePath) {
      const relative = path.relative(opts.distDir, filePath);
      if (relative.startsWith(`assets${path.sep}`)) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      } else {
        res.header('cache-control', 'no-cache');
      }
    },
  });

  const compressor = createHtmlCompressor();
  const sendHtml = async (request: FastifyRequest, reply: FastifyReply, html: string, vary: string[]) => {
    const { body, encoding } = await compressor.encode(html, request.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    return reply
      .header('vary', [...vary, 'Accept-Encoding'].join(', '))
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(body);
  };
  // A public page comes rendered (in the reader's language, so caches must keep the languages
  // apart); every other page is the app's index.html.
  app.decorate('sendPage', async (request: FastifyRequest, reply: FastifyReply) => {
    // SPEC.md: the main site's /control goes to the index; the admin area lives on its own host.
    if (opts.adminHost !== null && isControlPath(request.url) && hostOf(request) !== opts.adminHost) {
      return reply.redirect('/');
    }
    const html = await prerendered?.html(request);
    if (!html) return sendHtml(request, reply, indexHtml, []);
    return sendHtml(request, reply, html, ['Cookie', 'Accept-Language']);
  });
  return true;
}

declare module 'fastify' {
  interface FastifyInstance {
    sendPage?: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
  }
}

/** A path the SPA should answer: a page, not an API call, a socket or a missing file. */
export function isPagePath(url: string): boolean {
  const pathname = url.split('?')[0]!;
  if (pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/socket.io')) return false;
  const last = pathname.split('/').pop() ?? '';
  return !last.includes('.') || last.endsWith('.html');
}

const isControlPath = (url: string) => /^\/control(\/|\?|$)/.test(url);
const hostOf = (request: FastifyRequest) => request.hostname.split(':')[0]!.toLowerCase();
