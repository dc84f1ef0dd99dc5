import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

type Encoding = 'br' | 'gzip';
const negotiator = new Negotiator<Encoding>({ supportedValues: ['br', 'gzip'] });

/**
 * Pages in the encodings browsers accept. A rendered public page is about 150 KB of HTML (its
 * critical CSS inline) and a visitor on a slow phone network waits for every byte of it before
 * the first paint; brotli makes it about a tenth. The server sends a handful of different pages
 * (each public page per language, the app's index.html), so each encoding is made once per page
 * text, at the best quality, and kept. The key is the text the caller keeps anyway, not a copy.
 */
export function createHtmlCompressor(maxEntries = 200) {
  const cache = new Map<string, Map<Encoding, Promise<Buffer>>>();
  const compress = (html: string, encoding: Encoding) => {
    let encoded = cache.get(html);
    if (!encoded) {
      // Pages change only with a new build or config; a bound keeps a bug from growing it forever.
      if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
      encoded = new Map();
      cache.set(html, encoded);
    }
    let body = encoded.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? brotli(html, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length,
              },
            })
          : gzip(html, { level: 9 });
      // A failed compression is not kept: the next request tries again.
      body.catch(() => encoded.delete(encoding));
      encoded.set(encoding, body);
    }
    return body;
  };

  return {
    /** The body to send for `html` and its Content-Encoding (null: send the text as it is). */
    async encode(
      html: string,
      acceptEncoding: string | undefined,
    ): Promise<{ body: string | Buffer; encoding: Encoding | null }> {
      const encoding = acceptEncoding ? negotiator.negotiate(acceptEncoding) : null;
      if (!encoding) return { body: html, encoding: null };
      try {
        return { body: await compress(html, encoding), encoding };
      } catch {
        return { body: html, encoding: null };
      }
    },
  };
}
