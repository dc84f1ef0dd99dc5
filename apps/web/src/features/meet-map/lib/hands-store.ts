import type { HandCard } from '@app/shared/schemas/meet';

/**
 * The hands the map shows: a snapshot from GET /api/meet/nearby merged with the socket's
 * 'hand:update' and 'hand:remove'. Events that arrive while a snapshot is on its way are replayed
 * on top of it, so a hand lowered during the fetch does not come back from the older snapshot.
 */
export type HandEvent = { type: 'update'; hand: HandCard } | { type: 'remove'; userId: number };

export type Hands = ReadonlyMap<number, HandCard>;

export function applyHandEvent(hands: Hands, event: HandEvent): Hands {
  const next = new Map(hands);
  if (event.type === 'update') next.set(event.hand.userId, event.hand);
  else next.delete(event.userId);
  return next;
}

export function handsFromSnapshot(items: HandCard[], replay: HandEvent[] = []): Hands {
  const start: Hands = new Map(items.map((hand) => [hand.userId, hand]));
  return replay.reduce(applyHandEvent, start);
}
