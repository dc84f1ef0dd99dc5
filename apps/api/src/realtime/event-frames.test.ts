import { Encoder, PacketType } from 'socket.io-parser';
import { describe, expect, it } from 'vitest';
import { eventFrame, objectFrames } from './event-frames';

/** What socket.io itself writes for emit(event, arg) on the main namespace. */
const emitted = (event: string, arg: unknown) =>
  new Encoder().encode({ type: PacketType.EVENT, nsp: '/', data: [event, arg] })[0];

const base = {
  userId: 7,
  domain: null,
  firstName: 'Anna "A" \u2028',
  age: 31,
  avatar: null,
  mood: 'romantic' as const,
  note: 'walk?\n',
  levels: ['SILVER' as const],
  verified: true,
  expiresAt: '2026-11-29T10:00:00.000Z',
};

describe('event frames', () => {
  it('are the frames socket.io would write for the same emit', () => {
    expect(eventFrame('hand:remove', { userId: 7 })).toBe(emitted('hand:remove', { userId: 7 }));
    const frame = objectFrames('hand:update', base);
    const own = { position: { lat: 55.75, lng: -37.6 }, distance: 'lt1km' as const };
    expect(frame(own)).toBe(emitted('hand:update', { ...base, ...own }));
    expect(JSON.parse(frame(own).slice(1))).toEqual(['hand:update', { ...base, ...own }]);
  });

  it('hold an object with no fixed fields, or nothing of its own', () => {
    expect(objectFrames('hand:remove', {})({ userId: 3 })).toBe(emitted('hand:remove', { userId: 3 }));
    expect(objectFrames('hand:remove', { userId: 3 })({})).toBe(emitted('hand:remove', { userId: 3 }));
  });
});
