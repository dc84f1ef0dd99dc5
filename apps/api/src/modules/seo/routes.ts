import type { FastifyPluginAsync } from 'fastify';
import { SUPPORTED_LOCALES } from '@app/shared/constants';
import { PRIVATE_PREFIXES, PUBLIC_PAGES } from './public-pages';

const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * sitemap.xml with each page in both languages (`?lang=`) linked to each other by hreflang, and
 * robots.txt pointing at it. Addresses come from PUBLIC_URL.
 */
export const seoRoutes: FastifyPluginAsync<{ publicUrl: string }> = async (app, { publicUrl }) => {
  const base = publicUrl.replace(/\/$/, '');
  const url = (path: string, lang?: string) => escapeXml(`${base}${path}${lang ? `?lang=${lang}` : ''}`);

  const sitemap = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...PUBLIC_PAGES.flatMap(({ path, changefreq }) =>
      SUPPORTED_LOCALES.map((lang) =>
        [
          '  <url>',
          `    <loc>${url(path, lang)}</loc>`,
          ...SUPPORTED_LOCALES.map(
            (alt) => `    <xhtml:link rel="alternate" hreflang="${alt}" href="${url(path, alt)}"/>`,
          ),
          `    <xhtml:link rel="alternate" hreflang="x-default" href="${url(path)}"/>`,
          `    <changefreq>${changefreq}</changefreq>`,
          '  </url>',
        ].join('\n'),
      ),
    ),
    '</urlset>',
  ].join('\n');

  const robots = [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PREFIXES.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(sitemap),
  );
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots),
  );
};
