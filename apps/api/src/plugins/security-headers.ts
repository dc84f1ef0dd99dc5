import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** Paths that answer JSON (or a file) to code, never a page a browser renders; the API docs are a page. */
const isApiCall = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * Security headers on every response, computed once. Pages (and everything not under /api/) get
 * helmet's full set with the app's policy. The API's JSON answers get what OWASP's REST cheat sheet
 * asks of an API: nothing may load, frame or sniff them, and no other origin may read them; the
 * headers that only steer a document (DNS prefetch, the opener, agent clusters, IE's download and
 * XSS filters, Flash's cross-domain policy) are left off. Both are plain objects set with one call:
 * helmet's middleware run per request cost a bare Fastify route about a quarter of its speed (and
 * @fastify/helmet rebuilt it for every request, decision 033).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const page = helmetHeaders(options);
  const api: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'strict-transport-security': page['strict-transport-security']!,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiCall(request.url) ? api : page);
    done();
  });
}

/** The headers helmet's middleware sets with these options (none of them depends on the request). */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) =>
      void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  } as unknown as ServerResponse;
  let failed: unknown;
  helmet(options)({} as never, response, (error?: unknown) => (failed = error));
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  return headers;
}
