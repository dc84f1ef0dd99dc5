import { describe, expect, it } from 'vitest';
import type { HandCard } from '@app/shared/schemas/meet';
import { applyHandEvent, handsFromSnapshot } from './hands-store';

const hand = (userId: number, lat = 52.52): HandCard => ({
  userId,
  domain: `u${userId}`,
  firstName: 'Anna',
  age: 30,
  avatar: null,
  mood: 'chat',
  note: null,
  levels: [],
  verified: false,
  position: { lat, lng: 13.4 },
  distance: 'lt500m',
  expiresAt: '2030-01-01T00:00:00.000Z',
});

describe('the hands store', () => {
  it('adds, moves and removes hands by user id', () => {
    let hands = handsFromSnapshot([hand(1), hand(2)]);
    hands = applyHandEvent(hands, { type: 'update', hand: hand(3) });
    hands = applyHandEvent(hands, { type: 'update', hand: hand(1, 52.53) });
    hands = applyHandEvent(hands, { type: 'remove', userId: 2 });
    expect([...hands.keys()].sort()).toEqual([1, 3]);
    expect(hands.get(1)!.position.lat).toBe(52.53);
  });

  it('replays events heard during a fetch on top of its older snapshot', () => {
    // Lowered and raised while the list was on its way: the snapshot still had 1 and lacked 4.
    const hands = handsFromSnapshot(
      [hand(1), hand(2)],
      [
        { type: 'remove', userId: 1 },
        { type: 'update', hand: hand(4) },
      ],
    );
    expect([...hands.keys()].sort()).toEqual([2, 4]);
  });

  it('never changes the map it was given', () => {
    const before = handsFromSnapshot([hand(1)]);
    applyHandEvent(before, { type: 'remove', userId: 1 });
    expect(before.has(1)).toBe(true);
  });
});
