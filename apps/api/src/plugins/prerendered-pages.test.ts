import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { fontPreloadTags, pageLocale } from './prerendered-pages';

const request = (url: string, headers: Record<string, string> = {}) => ({ url, headers });

describe('the language of a prerendered page', () => {
  it('follows ?lang=, then the locale cookie, then Accept-Language by weight, then English', () => {
    expect(pageLocale(request('/?lang=ru', { cookie: 'locale=en', 'accept-language': 'en' }))).toEqual({
      locale: 'ru',
      chosen: 'ru',
    });
    expect(pageLocale(request('/help/faq', { cookie: 'a=1; locale=ru', 'accept-language': 'en' }))).toEqual({
      locale: 'ru',
      chosen: null,
    });
    expect(pageLocale(request('/', { 'accept-language': 'de-DE,ru;q=0.8,en;q=0.5' })).locale).toBe('ru');
    expect(pageLocale(request('/', { 'accept-language': 'en;q=0.4,ru-RU;q=0.9' })).locale).toBe('ru');
    expect(pageLocale(request('/', { 'accept-language': 'fr, de' })).locale).toBe('en');
    expect(pageLocale(request('/?lang=xx', { cookie: 'locale=zz' })).locale).toBe('en');
    expect(pageLocale(request('/', { 'accept-language': 'ru;q=0' })).locale).toBe('en');
  });
});

describe('font preloads', () => {
  it('name the woff2 files of the subsets the language needs, once each', () => {
    const template =
      '<style>@font-face{src:url(/assets/roboto-latin-400-normal-A1.woff2)format("woff2")}@font-face{src:url(/assets/roboto-cyrillic-400-normal-B2.woff2)}' +
      '@font-face{src:url(/assets/roboto-latin-400-normal-A1.woff2)}</style>';
    expect(fontPreloadTags(template, ['latin'])).toBe(
      '<link rel="preload" href="/assets/roboto-latin-400-normal-A1.woff2" as="font" type="font/woff2" crossorigin>',
    );
    expect(fontPreloadTags(template, ['latin', 'cyrillic']).split('\n')).toHaveLength(2);
    expect(fontPreloadTags('<style></style>', ['latin'])).toBe('');
  });
});

describe('serving the public pages rendered ahead', () => {
  let t: TestApp;
  let dist: string;
  const renders: string[] = [];

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-ssr-'));
    fs.mkdirSync(path.join(dist, 'server'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="en"><head><!--app-config--><script type="module" crossorigin src="/assets/runtime-1.js"></script><script type="module" crossorigin src="/assets/start-1.js"></script></head><body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(
      path.join(dist, 'public.html'),
      '<!doctype html><html lang="en"><head><!--app-head--><!--app-config--></head><body><div id="root"><!--app-html--></div></body></html>',
    );
    // A stand-in for the web build's renderer, with its interface: it records every render and
    // fails on demand, so caching and the fallback can be seen.
    fs.writeFileSync(
      path.join(dist, 'server', 'render-public-page.js'),
      `export const findPublicPage = (p) => ['/', '/help/faq', '/broken'].includes(p) ? { path: p } : undefined;
       export async function renderPublicPage({ pathname, locale, config, publicUrl, chosenLocale }) {
         globalThis.__renders?.push(pathname + '|' + locale);
         if (pathname === '/broken') throw new Error('render failed');
         return { head: '<title>' + pathname + ' ' + locale + '</title><link rel="canonical" href="' + publicUrl + pathname + (chosenLocale ? '?lang=' + chosenLocale : '') + '">',
                  html: '<h1>' + locale + ' page costs $& and $1 ' + config.supportEmail + '</h1>' };
       }`,
    );
    (globalThis as { __renders?: string[] }).__renders = renders;
    t = await createTestApp({
      env: { WEB_DIST_DIR: dist, SUPPORT_EMAIL: 'help@example.com', PUBLIC_URL: 'https://meet.example' },
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('sends a public page rendered in the reader language, with the config, the app entry and no caching', async () => {
    const res = await t.app.inject({ url: '/help/faq', headers: { 'accept-language': 'ru-RU,ru;q=0.9' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(String(res.headers.vary)).toMatch(/Cookie/);
    expect(String(res.headers.vary)).toMatch(/Accept-Language/);
    expect(res.body).toContain('<html lang="ru"');
    expect(res.body).toContain('<title>/help/faq ru</title>');
    expect(res.body).toContain('<link rel="canonical" href="https://meet.example/help/faq">');
    // Text is put in as it is: "$&" in a page is not a replacement pattern.
    expect(res.body).toContain('<div id="root"><h1>ru page costs $& and $1 help@example.com</h1></div>');
    expect(res.body).toContain('<meta name="app-entry" content="/assets/start-1.js">');
    const config = /<script id="app-config" type="application\/json">(.*?)<\/script>/.exec(res.body)?.[1];
    expect(JSON.parse(config!)).toMatchObject({ supportEmail: 'help@example.com' });
  });

  it('renders each page and language once, and ?lang= addresses name themselves canonical', async () => {
    renders.length = 0;
    for (let i = 0; i < 3; i++) await t.app.inject({ url: '/', headers: { cookie: 'locale=en' } });
    const chosen = await t.app.inject('/?lang=ru&cpa=7');
    expect(chosen.body).toContain('<html lang="ru"');
    expect(chosen.body).toContain('href="https://meet.example/?lang=ru"');
    expect(renders).toEqual(['/|en', '/|ru']);
  });

  it('gives every other page, the offline shell and a page that failed to render the app itself', async () => {
    for (const url of ['/account/data', '/?app-shell', '/broken']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).toContain('src="/assets/start-1.js"');
    }
  });

  it('never serves the templates or the renderer as files', async () => {
    for (const url of ['/public.html', '/server/render-public-page.js', '/index.html']) {
      const res = await t.app.inject(url);
      expect(res.body, url).not.toContain('<!--app-html-->');
      expect(res.body, url).not.toContain('renderPublicPage');
    }
  });
});

describe('a renderer that does not load', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-broken-'));
    fs.mkdirSync(path.join(dist, 'server'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><!--app-config--></head><body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(
      path.join(dist, 'public.html'),
      '<html><head><!--app-head--></head><body><!--app-html--></body></html>',
    );
    fs.writeFileSync(path.join(dist, 'server', 'render-public-page.js'), 'export const = broken;');
    t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('leaves the server up, and every page is the app', async () => {
    const res = await t.app.inject('/help/faq');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
  });
});
