// An HTTP/2 front over TLS for the built server, as a deployment's TLS proxy has it: what
// `npm run lighthouse` measures through (decision 046). Over plain HTTP/1.1 Chromium opens at
// most six connections to the server, and Lighthouse's simulated slow 4G gives each of them its own
// round trips, so a page of many small chunks measures slower than it would arrive over HTTP/2.
// The certificate is made for localhost at start; the browser is told to accept it.
import http from 'node:http';
import http2 from 'node:http2';
import net from 'node:net';
import { generate } from 'selfsigned';

/** Hop-by-hop headers, which HTTP/2 forbids and a proxy does not pass on. */
const HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);
const endToEnd = (headers) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !name.startsWith(':') && !HOP.has(name)));

/**
 * @param {{ target: string, port: number }} options the server to pass requests to, and the port to listen on
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 */
export async function startHttp2Front({ target, port }) {
  const origin = new URL(target);
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], { days: 1, keySize: 2048 });
  // HTTP/1.1 is still allowed: the socket's websocket upgrade arrives that way.
  const server = http2.createSecureServer({ key: pems.private, cert: pems.cert, allowHTTP1: true });
  server.on('request', (request, response) => {
    const forwarded = http.request(
      {
        host: origin.hostname,
        port: origin.port,
        method: request.method,
        path: request.url,
        headers: { ...endToEnd(request.headers), host: origin.host },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => response.destroy());
    request.pipe(forwarded);
  });
  server.on('upgrade', (request, socket, head) => {
    const upstream = net.connect(Number(origin.port), origin.hostname, () => {
      const lines = Object.entries(request.headers).map(([name, value]) => `${name}: ${value}`);
      upstream.write(`${request.method} ${request.url} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      socket.pipe(upstream).pipe(socket);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `https://localhost:${port}`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
