/** Two users of a meeting in a stable order (low id, high id), as the meetings table stores them. */
export interface Pair {
  low: number;
  high: number;
}

export const pairOf = (a: number, b: number): Pair => (a < b ? { low: a, high: b } : { low: b, high: a });

/** 0 for the pair's low user, 1 for the high one: the index into per-side arrays. */
export const sideOf = (pair: Pair, userId: number): 0 | 1 => (userId === pair.low ? 0 : 1);

export const pairKey = (pair: Pair) => `pair:${pair.low}:${pair.high}`;
export const userKey = (userId: number) => `user:${userId}`;
