import { describe, expect, it } from 'vitest';
import type { HandCard } from '@app/shared/schemas/meet';
import { applyFilters, isFiltering, NO_FILTERS } from './filters';
import { nearestFirst } from './distance';

const hand = (userId: number, extra: Partial<HandCard>): HandCard => ({
  userId,
  domain: null,
  firstName: null,
  age: null,
  avatar: null,
  mood: 'chat',
  note: null,
  levels: [],
  verified: false,
  position: { lat: 52.52, lng: 13.4 },
  distance: 'lt500m',
  expiresAt: '2030-01-01T00:00:00.000Z',
  ...extra,
});

describe('filters and order of the list', () => {
  const hands = [
    hand(1, { mood: 'romantic', levels: ['SILVER'] }),
    hand(2, { mood: 'business', levels: ['GOLD', 'SILVER'] }),
    hand(3, { mood: 'chat' }),
  ];

  it('shows everyone at first and hides moods switched off and holders of other levels', () => {
    expect(isFiltering(NO_FILTERS)).toBe(false);
    expect(applyFilters(hands, NO_FILTERS).map((h) => h.userId)).toEqual([1, 2, 3]);
    const noRomance = { ...NO_FILTERS, moods: new Set(['business', 'chat'] as const) };
    expect(isFiltering(noRomance)).toBe(true);
    expect(applyFilters(hands, noRomance).map((h) => h.userId)).toEqual([2, 3]);
    expect(applyFilters(hands, { ...NO_FILTERS, level: 'SILVER' }).map((h) => h.userId)).toEqual([1, 2]);
    expect(applyFilters(hands, { ...NO_FILTERS, level: 'GOLD' }).map((h) => h.userId)).toEqual([2]);
  });

  it('puts the nearest first: by the coarse step, then by the shown position', () => {
    const viewer = { lat: 52.52, lng: 13.4 };
    const sorted = nearestFirst(
      [
        hand(1, { distance: 'lt5km', position: { lat: 52.55, lng: 13.4 } }),
        hand(2, { distance: 'lt500m', position: { lat: 52.523, lng: 13.4 } }),
        hand(3, { distance: 'lt500m', position: { lat: 52.521, lng: 13.4 } }),
        hand(4, { distance: 'far', position: { lat: 53, lng: 13.4 } }),
      ],
      viewer,
    );
    expect(sorted.map((h) => h.userId)).toEqual([3, 2, 1, 4]);
  });
});
