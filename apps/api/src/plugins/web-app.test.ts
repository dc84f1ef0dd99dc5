import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

describe('serving the built web app', () => {
  let t: TestApp;
  let dist: string;
  const script = 'console.log("hello from the app");'.repeat(100);

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><!--app-config--></head><body></body></html>',
    );
    fs.writeFileSync(path.join(dist, 'assets/app-abc123.js'), script);
    fs.writeFileSync(path.join(dist, 'assets/app-abc123.js.br'), zlib.brotliCompressSync(script));
    fs.writeFileSync(path.join(dist, 'assets/app-abc123.js.gz'), zlib.gzipSync(script));
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp({ env: { WEB_DIST_DIR: dist, SUPPORT_EMAIL: 'help@example.com' } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers every page path with index.html carrying the public config, never cached', async () => {
    for (const url of ['/', '/help/faq', '/account/data?x=1', '/index.html']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      const config = /<script id="app-config" type="application\/json">(.*?)<\/script>/.exec(res.body)?.[1];
      expect(JSON.parse(config!)).toMatchObject({ supportEmail: 'help@example.com', appEnv: 'development' });
    }
  });

  it('sends pages compressed when the browser takes it, and says the answer varies with that', async () => {
    const br = await t.app.inject({ url: '/help/faq', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('text/html');
    expect(String(br.headers.vary)).toContain('Accept-Encoding');
    const page = zlib.brotliDecompressSync(br.rawPayload).toString();
    expect(page).toContain('<script id="app-config" type="application/json">');
    const gz = await t.app.inject({ url: '/help/faq', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(page);
    const plain = await t.app.inject({ url: '/help/faq', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(page);
  });

  it('sends hashed assets pre-compressed with a year of caching', async () => {
    const br = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.body).toBe(script);
  });

  it('answers a missing file with 404, not the page', async () => {
    const res = await t.app.inject('/assets/missing-000.js');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await t.app.inject('/favicon.svg')).headers['cache-control']).toBe('no-cache');
  });
});
