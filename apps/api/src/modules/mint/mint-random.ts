import crypto from 'node:crypto';

/** A uniform draw in [0, 1). */
export type MintRandom = () => number;

const SCALE = 2 ** 48;

/**
 * The mint's dice. In production 48 bits from the operating system's CSPRNG (crypto.randomBytes):
 * nobody, the server included, can predict or steer a draw. With MINT_RANDOM_SEED (tests only;
 * config.ts refuses it in production) an HMAC-SHA256 generator in counter mode keyed by the seed,
 * so a test knows the n-th draw of a fresh server: mintDraw(seed, n).
 */
export function createMintRandom(seed?: string): MintRandom {
  if (!seed) return () => crypto.randomBytes(6).readUIntBE(0, 6) / SCALE;
  let counter = 0;
  return () => mintDraw(seed, counter++);
}

/** The n-th draw (from 0) of the seeded generator. */
export function mintDraw(seed: string, n: number): number {
  return crypto.createHmac('sha256', seed).update(`mint-draw:${n}`).digest().readUIntBE(0, 6) / SCALE;
}

/** The draw and the chance as the attempt stores them (numeric(12,10) and numeric(6,5)), compared as stored. */
export const quantizeRoll = (roll: number) => Math.floor(roll * 1e10) / 1e10;
export const quantizeChance = (chance: number) => Math.round(chance * 1e5) / 1e5;
