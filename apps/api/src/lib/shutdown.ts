import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';

/**
 * On SIGTERM or SIGINT the server stops accepting connections, finishes the requests in flight,
 * closes sockets, workers and the database (onClose hooks), then exits. A second signal, or the
 * timeout, ends it at once.
 */
export function installGracefulShutdown(app: FastifyInstance, timeoutMs: number) {
  const handle = closeWithGrace({ delay: timeoutMs }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });
  // Keep-alive connections of requests still in flight would otherwise hold the server open.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('onClose', async () => {
    handle.uninstall();
  });
}
