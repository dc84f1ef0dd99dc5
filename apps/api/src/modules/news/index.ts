import type { Db } from '../../db/client';
import { newsRoutes } from './routes';

/** The published news (notifications list). */
export function createNewsModule(deps: { db: Db }) {
  return {
    /** Register under /api/notif. */
    routes: newsRoutes,
    routeOptions: { db: deps.db },
  };
}
