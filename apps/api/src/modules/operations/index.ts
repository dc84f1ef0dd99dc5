import type { Db } from '../../db/client';
import { operationsRoutes } from './routes';

/** Jobs and chain for admins (/control/jobs). Register the routes under /api/control/jobs. */
export function createOperationsModule(deps: { db: Db }) {
  return { routes: operationsRoutes, routeOptions: { db: deps.db } };
}
