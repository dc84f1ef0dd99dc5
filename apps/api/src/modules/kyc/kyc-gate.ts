import { NFT_TYPE } from '@app/shared/constants';
import type { Db } from '../../db/client';

/**
 * The highest level a user may buy. Silver needs no identity check; Gold and above need KYC approved
 * up to that level, which the KYC module will grant. Until it exists nobody holds an approval.
 */
export async function maxBuyableType(_db: Db, _userId: number): Promise<number> {
  return NFT_TYPE.SILVER;
}

/**
 * The highest level the user's KYC is approved up to, or null without an approval (the blue
 * checkmark shows when it is not null). Nobody is approved until the KYC module exists.
 */
export async function kycApprovedType(_db: Db, _userId: number): Promise<number | null> {
  return null;
}

/** The same for many users at once (map and list cards). */
export async function kycApprovedTypes(_db: Db, _userIds: readonly number[]): Promise<Map<number, number>> {
  return new Map();
}
