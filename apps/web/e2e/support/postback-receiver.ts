import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPostback {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** A partner's tracker on 127.0.0.1 that answers 200 and keeps every POST it got. */
export async function startPostbackReceiver() {
  const received: ReceivedPostback[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]),
      );
      if (req.method === 'POST') received.push({ url: req.url ?? '', headers, body });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true,"tracker":"e2e"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { received, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
