// Every module converts amounts; the conversion lives in lib.
export { fromWei, toWei } from '../../lib/wei';

/** A share of an amount (0.4 -> 40%), rounded down to the wei. */
export const shareOf = (amount: bigint, share: number): bigint =>
  (amount * BigInt(Math.round(share * 10_000))) / 10_000n;
