import { and, eq, inArray, sql } from 'drizzle-orm';
import { KYC_REJECTION_MEETINGS } from '@app/shared/constants';
import { kycApplications, kycAttempts } from '../../db/schema';
import type { EventBus } from '../../events/event-bus';

/**
 * A rejection stays for KYC_REJECTION_MEETINGS confirmed meetings, then is annulled: the application
 * returns to draft and the rejected attempt is marked annulled (it still counts toward the attempt
 * cap, so meeting people cannot buy endless attempts). The delivery row makes each meeting count once.
 */
export function annulRejectionsAfterMeetings(events: EventBus) {
  events.subscribe('meeting.confirmed', 'kyc-annul-rejection', async (event, tx) => {
    const { userAId, userBId } = event.payload;
    const counted = await tx
      .update(kycApplications)
      .set({ meetingsSinceRejection: sql`${kycApplications.meetingsSinceRejection} + 1` })
      .where(and(inArray(kycApplications.userId, [userAId, userBId]), eq(kycApplications.status, 'rejected')))
      .returning();
    const now = new Date();
    for (const app of counted) {
      if (app.meetingsSinceRejection < KYC_REJECTION_MEETINGS) continue;
      await tx
        .update(kycApplications)
        .set({
          status: 'draft',
          attemptNumber: app.attemptNumber + 1,
          documentMediaId: null,
          selfieMediaId: null,
          documentHash: null,
          reasonCode: null,
          moderatorComment: null,
          revoked: false,
          meetingsSinceRejection: 0,
          version: app.version + 1,
          updatedAt: now,
        })
        .where(eq(kycApplications.id, app.id));
      await tx
        .update(kycAttempts)
        .set({ annulledAt: now })
        .where(
          and(
            eq(kycAttempts.applicationId, app.id),
            eq(kycAttempts.status, 'rejected'),
            sql`${kycAttempts.annulledAt} is null`,
          ),
        );
    }
  });
}
