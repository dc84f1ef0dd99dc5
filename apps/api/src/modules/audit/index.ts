import type { Db } from '../../db/client';
import { auditRoutes } from './routes';

/** The audit log's reading side (/control/audit); writing is recordAudit, in each action's transaction. */
export function createAuditModule(deps: { db: Db }) {
  return { routes: auditRoutes, routeOptions: { db: deps.db } };
}
