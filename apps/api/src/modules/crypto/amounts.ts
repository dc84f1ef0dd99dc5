import { formatUnits, parseUnits } from 'viem';
import { TOKEN_DECIMALS } from '@app/shared/schemas/crypto';

/** "100.5" USDT -> wei. The API's decimal strings are validated by the shared schema first. */
export const toWei = (amount: string): bigint => parseUnits(amount, TOKEN_DECIMALS);

/** wei -> "100.5": the exact decimal, no float on the way. */
export const fromWei = (wei: bigint | string): string => formatUnits(BigInt(wei), TOKEN_DECIMALS);

/** A share of an amount (0.4 -> 40%), rounded down to the wei. */
export const shareOf = (amount: bigint, share: number): bigint =>
  (amount * BigInt(Math.round(share * 10_000))) / 10_000n;
