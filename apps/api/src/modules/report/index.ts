import type { Db } from '../../db/client';
import { reportRoutes } from './routes';

/** Reports about users, and their review by staff. */
export function createReportModule(deps: { db: Db }) {
  return {
    /** Register under /api/report. */
    routes: reportRoutes,
    routeOptions: { db: deps.db },
  };
}
