import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { PublicConfig } from '../modules/system/public-config';

/** `</script>` inside the JSON must not end the tag. */
const safeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * Serves the built web app beside the API: hashed assets cached for a year, index.html never
 * cached and carrying the public config, and the history fallback for every other path.
 * Returns false when there is no build (API-only tests).
 */
export async function registerWebApp(app: FastifyInstance, opts: { distDir: string; publicConfig: PublicConfig }) {
  const indexFile = path.join(opts.distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return false;

  const indexHtml = fs
    .readFileSync(indexFile, 'utf8')
    .replace('<!--app-config-->', `<script id="app-config" type="application/json">${safeJson(opts.publicConfig)}</script>`);

  await app.register(fastifyStatic, {
    root: opts.distDir,
    index: false,
    // The build writes .br and .gz beside each asset; the best one the browser accepts is sent.
    preCompressed: true,
    // One route per built file; every other path falls through to the history fallback.
    wildcard: false,
    // index.html is only ever sent with the config injected.
    allowedPath: (pathname) => pathname !== '/index.html',
    setHeaders(res, filePath) {
      const relative = path.relative(opts.distDir, filePath);
      if (relative.startsWith(`assets${path.sep}`)) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      } else {
        res.header('cache-control', 'no-cache');
      }
    },
  });

  app.decorate('sendIndexHtml', (reply: import('fastify').FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml),
  );
  return true;
}

declare module 'fastify' {
  interface FastifyInstance {
    sendIndexHtml?: (reply: FastifyReply) => FastifyReply;
  }
}

/** A path the SPA should answer: a page, not an API call, a socket or a missing file. */
export function isPagePath(url: string): boolean {
  const pathname = url.split('?')[0]!;
  if (pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/socket.io')) return false;
  const last = pathname.split('/').pop() ?? '';
  return !last.includes('.') || last.endsWith('.html');
}
