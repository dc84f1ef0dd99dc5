import type { NftLevelName } from '@app/shared/constants';
import { MOODS, type Mood } from '@app/shared/schemas/meet';

export interface HandFilters {
  /** The moods shown; all three at first. */
  moods: ReadonlySet<Mood>;
  /** Only holders of a token of this level, or everyone. */
  level: NftLevelName | null;
}

export const NO_FILTERS: HandFilters = { moods: new Set(MOODS), level: null };

export const isFiltering = (filters: HandFilters) => filters.moods.size < MOODS.length || filters.level !== null;

export function applyFilters<T extends { mood: Mood; levels: readonly NftLevelName[] }>(
  hands: T[],
  filters: HandFilters,
): T[] {
  return hands.filter(
    (hand) => filters.moods.has(hand.mood) && (!filters.level || hand.levels.includes(filters.level)),
  );
}
