import { describe, expect, it } from 'vitest';
import type { CacheChange } from '../../../lib/people-cache';
import { MEET_CACHES, MEET_PEER_CACHES, MeetCache, PeerGate } from './caches';

/** The meetings' memory on the platform's cache channel (decisions 037, 039). */
describe('the meetings cache', () => {
  it("keeps the meetings' memory through other caches' changes", () => {
    const meet = new MeetCache<true>({ ttlMs: 60_000, max: 10 });
    meet.set('1:2', true, meet.mark());
    const others: CacheChange[] = [{ sessions: ['s'] }, { users: [1] }, { caches: ['profiles', 'wallets'] }];
    for (const change of others) meet.forget(change);
    expect(meet.get('1:2')).toBe(true);
    // A read that overlapped none of them may still keep what it read.
    const mark = meet.mark();
    meet.set('3:4', true, mark);
    expect(meet.get('3:4')).toBe(true);
    meet.forget({ caches: [MEET_CACHES] });
    expect(meet.size).toBe(0);
    meet.set('1:2', true, mark);
    expect(meet.get('1:2')).toBeUndefined();
  });

  it("drops only the people's entries when a change names whose rows of it changed", () => {
    const meet = new MeetCache<true>({ ttlMs: 60_000, max: 10 });
    const before = meet.mark();
    for (const key of ['pair:1:2', 'pair:2:3', 'pair:4:5']) meet.set(key, true, before);
    // Another cache's people: nothing here.
    meet.forget({ rows: [{ cache: 'wallets', users: [1, 4] }] });
    expect(meet.size).toBe(3);
    const mark = meet.mark();
    meet.forget({ rows: [{ cache: MEET_CACHES, users: [2] }] });
    expect(meet.get('pair:1:2')).toBeUndefined();
    expect(meet.get('pair:2:3')).toBeUndefined();
    expect(meet.get('pair:4:5')).toBe(true);
    // A read that began before the change may have read the old rows: it keeps nothing.
    meet.set('pair:6:7', true, mark);
    expect(meet.get('pair:6:7')).toBeUndefined();
    // The peer checks have a name of their own.
    const gate = new PeerGate({ ttlMs: 60_000 });
    gate.allow(1, 2, gate.mark());
    gate.memory.forget({ rows: [{ cache: MEET_CACHES, users: [1, 2] }] });
    expect(gate.allows(1, 2)).toBe(true);
  });

  it('keeps the peer checks through changes of the view rows, and drops them on their own name', () => {
    const gate = new PeerGate({ ttlMs: 60_000 });
    gate.allow(1, 2, gate.mark());
    gate.memory.forget({ caches: [MEET_CACHES] });
    expect(gate.allows(1, 2)).toBe(true);
    gate.memory.forget({ caches: [MEET_PEER_CACHES] });
    expect(gate.allows(1, 2)).toBe(false);
    gate.allow(1, 2, gate.mark());
    gate.memory.forget({ all: true });
    expect(gate.allows(1, 2)).toBe(false);
  });
});
