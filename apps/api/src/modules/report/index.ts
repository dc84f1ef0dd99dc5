import type { Db } from '../../db/client';
import type { EventBus } from '../../events/event-bus';
import type { Realtime } from '../../realtime/socket-server';
import type { Mailer } from '../mail/mailer';
import type { AccountBlocker } from './decisions';
import { reportRoutes } from './routes';
import { noticeWarnings } from './warn-notice';

/** Reports about users, and their review by staff (the block itself comes from people-control). */
export function createReportModule(deps: {
  db: Db;
  blocker: AccountBlocker;
  events: EventBus;
  mailer: Mailer;
  toUser: Realtime['toUser'];
  publicUrl: string;
}) {
  noticeWarnings(deps);
  return {
    /** Register under /api/report. */
    routes: reportRoutes,
    routeOptions: { db: deps.db, blocker: deps.blocker },
  };
}
