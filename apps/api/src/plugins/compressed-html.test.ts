import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createHtmlCompressor } from './compressed-html';

const html = `<!doctype html><html><body>${'<p>Raise your hand. Meet someone nearby.</p>'.repeat(200)}</body></html>`;

describe('pages in the encodings browsers accept', () => {
  it('prefers brotli, then gzip, and sends the text itself to a browser that takes neither', async () => {
    const compressor = createHtmlCompressor();
    const br = await compressor.encode(html, 'gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(zlib.brotliDecompressSync(br.body as Buffer).toString()).toBe(html);
    expect((br.body as Buffer).length).toBeLessThan(html.length / 10);

    const gz = await compressor.encode(html, 'gzip;q=1, br;q=0');
    expect(gz.encoding).toBe('gzip');
    expect(zlib.gunzipSync(gz.body as Buffer).toString()).toBe(html);

    for (const header of [undefined, '', 'identity', 'deflate', 'br;q=0, gzip;q=0']) {
      expect(await compressor.encode(html, header), String(header)).toEqual({ body: html, encoding: null });
    }
  });

  it('compresses each page once per encoding, also when asked for it many times at once', async () => {
    const compressor = createHtmlCompressor();
    const first = await Promise.all(Array.from({ length: 5 }, () => compressor.encode(html, 'br')));
    const again = await compressor.encode(html, 'br');
    for (const result of first) expect(result.body).toBe(again.body);
    // Another text is another entry, not the first one's copy.
    const other = await compressor.encode(`${html}<!-- ru -->`, 'br');
    expect(zlib.brotliDecompressSync(other.body as Buffer).toString()).toBe(`${html}<!-- ru -->`);
  });

  it('keeps a bounded number of pages', async () => {
    const compressor = createHtmlCompressor(2);
    const a = await compressor.encode(`${html}a`, 'gzip');
    await compressor.encode(`${html}b`, 'gzip');
    await compressor.encode(`${html}c`, 'gzip');
    // The oldest went: asked again, it is made afresh (the same bytes, another buffer).
    const aAgain = await compressor.encode(`${html}a`, 'gzip');
    expect(aAgain.body).not.toBe(a.body);
    expect(zlib.gunzipSync(aAgain.body as Buffer).toString()).toBe(`${html}a`);
  });
});
