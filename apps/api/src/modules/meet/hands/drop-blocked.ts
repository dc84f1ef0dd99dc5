import { eq } from 'drizzle-orm';
import { hands } from '../../../db/schema';
import type { EventBus } from '../../../events/event-bus';
import type { MeetHands } from './meet-hands';

/**
 * A blocked account's hand leaves the map: the row goes with the delivery, then the index forgets it
 * and the watchers who could see it are told (the block's sessions and sockets end elsewhere).
 */
export function dropBlockedHands(events: EventBus, ctx: MeetHands) {
  events.subscribe('user.blocked', 'meet-drop-blocked-hand', async (event, tx, afterCommit) => {
    const { userId } = event.payload;
    const [gone] = await tx.delete(hands).where(eq(hands.userId, userId)).returning({ lat: hands.lat, lng: hands.lng });
    afterCommit(async () => {
      await ctx.index.remove(userId);
      if (gone) await ctx.announceRemove(userId, gone);
    });
  });
}
