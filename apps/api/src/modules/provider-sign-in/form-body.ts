import type { FastifyInstance } from 'fastify';

/**
 * The provider posts its answer as an HTML form (response_mode=form_post). Only this module's
 * callback needs such bodies, so the parser lives in this plugin's scope instead of the whole API.
 */
export function acceptFormBodies(app: FastifyInstance) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
}
