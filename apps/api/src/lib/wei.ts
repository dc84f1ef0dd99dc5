import { formatUnits, parseUnits } from 'viem';
import { TOKEN_DECIMALS } from '@app/shared/schemas/crypto';

/** "100.5" USDT -> wei. The API's decimal strings are validated by the shared schema first. */
export const toWei = (amount: string): bigint => parseUnits(amount, TOKEN_DECIMALS);

/** wei -> "100.5": the exact decimal, no float on the way. */
export const fromWei = (wei: bigint | string): string => formatUnits(BigInt(wei), TOKEN_DECIMALS);
