import type { Db } from '../../db/client';
import { newsRoutes } from './routes';

/**
 * News: the public list and the admins' editing. Images live in the media module's album `news`;
 * `discardImage` (from it) removes one that an edit or a delete left unused.
 */
export function createNewsModule(deps: { db: Db; discardImage: (mediaId: number) => Promise<void> }) {
  return {
    /** Register under /api/notif. */
    routes: newsRoutes,
    routeOptions: { db: deps.db, discardImage: deps.discardImage },
  };
}
