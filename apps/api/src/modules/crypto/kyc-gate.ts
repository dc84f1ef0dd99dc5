import { NFT_TYPE } from '@app/shared/constants';
import type { Db } from '../../db/client';

/**
 * The highest level a user may buy. Silver needs no identity check; Gold and above need KYC approved
 * up to that level, which the KYC module will grant. Until it exists nobody holds an approval.
 */
export async function maxBuyableType(_db: Db, _userId: number): Promise<number> {
  return NFT_TYPE.SILVER;
}
