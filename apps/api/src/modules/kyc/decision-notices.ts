import { eq } from 'drizzle-orm';
import type { Locale } from '@app/shared/constants';
import { NFT_LEVELS } from '@app/shared/constants';
import type { PushItem } from '@app/shared/socket-events';
import { kycApplications, users } from '../../db/schema';
import type { EventBus } from '../../events/event-bus';
import type { Realtime } from '../../realtime/socket-server';
import type { Mailer } from '../mail/mailer';

/** The push item of a decision; texts live in the web app's common namespace (`notifications.kyc*`). */
export function kycDecisionPush(status: string, level: string | null, revoked = false): PushItem {
  const approved = status === 'approved';
  return {
    timestamp: Date.now(),
    show: true,
    text: approved
      ? 'notifications.kycApproved'
      : status === 'rejected_forever'
        ? 'notifications.kycRejectedForever'
        : revoked
          ? 'notifications.kycRevoked'
          : 'notifications.kycRejected',
    values: level ? { level } : {},
    timeout: 0,
    color: approved ? 'success' : 'warning',
  };
}

/** Every decision reaches the person twice: a push item now, and a mail in their language. */
export function noticeKycDecisions(deps: {
  events: EventBus;
  mailer: Mailer;
  toUser: Realtime['toUser'];
  publicUrl: string;
}) {
  deps.events.subscribe('kyc.decided', 'kyc-decision-notice', async (event, tx, afterCommit) => {
    const [row] = await tx
      .select({
        email: users.email,
        locale: users.locale,
        comment: kycApplications.moderatorComment,
        reason: kycApplications.reasonCode,
        revoked: kycApplications.revoked,
      })
      .from(kycApplications)
      .innerJoin(users, eq(users.id, kycApplications.userId))
      .where(eq(kycApplications.id, event.payload.applicationId));
    if (!row) return;
    const level = event.payload.maxNftType === null ? null : NFT_LEVELS[event.payload.maxNftType]!;
    afterCommit(async () => {
      deps.toUser(event.payload.userId, 'notification', kycDecisionPush(event.payload.status, level, row.revoked));
      await deps.mailer.send({
        to: row.email,
        locale: row.locale as Locale,
        template: {
          name: 'kyc_decided',
          values: {
            status: event.payload.status,
            level,
            comment: row.comment,
            revoked: row.revoked,
            url: `${deps.publicUrl}/kyc`,
          },
        },
      });
    });
  });
}
