import http from 'node:http';
import https from 'node:https';
import { useAgent } from 'request-filtering-agent';

export interface PostbackAnswer {
  httpStatus: number | null;
  /** Why no answer came (refused address, timeout, connection error). */
  error: string | null;
  latencyMs: number;
  /** The first 1 KB of the answer's body, as text. */
  response: string | null;
}

const TIMEOUT_MS = 10_000;
const SNIPPET_BYTES = 1024;

/**
 * POSTs one postback. The connection goes through request-filtering-agent, which resolves the host
 * and refuses it unless every address is public (loopback, private, link-local, carrier-grade NAT,
 * IPv4-mapped IPv6 and metadata addresses are not), then connects to the address it checked.
 * Redirects are not followed: a 3xx is an answer like any other, and not a success.
 */
export function postPostback(
  url: string,
  body: string,
  headers: Record<string, string>,
  opts: { allowAddresses: string[] },
): Promise<PostbackAnswer> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    const done = (answer: Omit<PostbackAnswer, 'latencyMs'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...answer, latencyMs: elapsed() });
    };
    let target: URL;
    try {
      target = new URL(url);
      if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new Error('only http and https');
    } catch (error) {
      done({ httpStatus: null, error: `invalid URL: ${(error as Error).message}`, response: null });
      return;
    }
    const agent = useAgent(url, { allowIPAddressList: opts.allowAddresses, keepAlive: false });
    const request = (target.protocol === 'https:' ? https : http).request(
      target,
      {
        method: 'POST',
        agent,
        timeout: TIMEOUT_MS,
        headers: { 'content-type': 'application/json', 'user-agent': 'MeetNearby-Postback/1', ...headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < SNIPPET_BYTES) chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () =>
          done({
            httpStatus: response.statusCode ?? null,
            error: null,
            response: Buffer.concat(chunks).subarray(0, SNIPPET_BYTES).toString('utf8'),
          }),
        );
        response.on('error', (error) =>
          done({ httpStatus: response.statusCode ?? null, error: error.message, response: null }),
        );
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
    request.on('error', (error) => done({ httpStatus: null, error: error.message, response: null }));
    request.end(body);
  });
}
