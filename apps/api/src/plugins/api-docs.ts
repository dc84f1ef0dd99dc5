import type { FastifyInstance, FastifyRequest } from 'fastify';
import swaggerUi from '@fastify/swagger-ui';
import { STAFF_ROLES } from '@app/shared/constants';
import type { Config } from '../config';
import { AppError } from '../lib/app-error';
import { bearerToken } from './auth';

/**
 * Swagger UI and the OpenAPI document under /api/docs. In production the map of every route is
 * no business of strangers: `staff` serves it only to a signed-in moderator or admin (bearer
 * token), `off` not at all.
 */
export async function registerApiDocs(app: FastifyInstance, access: Config['API_DOCS']) {
  if (access === 'off') return;
  const staffOnly = async (request: FastifyRequest) => {
    const user = await app.resolveToken(bearerToken(request.headers.authorization));
    if (!STAFF_ROLES.includes(user.role)) throw new AppError('FORBIDDEN');
  };
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Swagger UI sets a few inline styles of its own.
    transformStaticCSP: (header) =>
      header.replace("style-src 'self' https:", "style-src 'self' https: 'unsafe-inline'"),
    ...(access === 'staff' && { uiHooks: { onRequest: staffOnly } }),
  });
}
