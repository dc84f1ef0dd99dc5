import { eq } from 'drizzle-orm';
import type { Locale } from '@app/shared/constants';
import type { PushItem } from '@app/shared/socket-events';
import { reports, users } from '../../db/schema';
import type { EventBus } from '../../events/event-bus';
import type { Realtime } from '../../realtime/socket-server';
import type { Mailer } from '../mail/mailer';

/** The push item of a warning; its text is in the web app's common namespace. */
export const warningPush = (warning: string): PushItem => ({
  timestamp: Date.now(),
  show: true,
  text: 'notifications.accountWarning',
  values: { warning },
  timeout: 0,
  color: 'warning',
});

/** A warning reaches the person twice: a push item now (when online), and a mail in their language. */
export function noticeWarnings(deps: {
  events: EventBus;
  mailer: Mailer;
  toUser: Realtime['toUser'];
  publicUrl: string;
}) {
  deps.events.subscribe('user.warned', 'report-warning-notice', async (event, tx, afterCommit) => {
    const [row] = await tx
      .select({ email: users.email, locale: users.locale, reason: reports.reason, warning: reports.note })
      .from(reports)
      .innerJoin(users, eq(users.id, reports.userId))
      .where(eq(reports.id, event.payload.reportId));
    if (!row) return;
    const warning = row.warning ?? '';
    afterCommit(async () => {
      deps.toUser(event.payload.userId, 'notification', warningPush(warning));
      await deps.mailer.send({
        to: row.email,
        locale: row.locale as Locale,
        template: { name: 'account_warned', values: { reason: row.reason, warning, url: `${deps.publicUrl}/terms` } },
      });
    });
  });
}
