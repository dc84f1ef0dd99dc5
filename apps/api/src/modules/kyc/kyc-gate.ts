import { and, eq, inArray } from 'drizzle-orm';
import { NFT_TYPE } from '@app/shared/constants';
import type { Db, Tx } from '../../db/client';
import { kycApplications } from '../../db/schema';

/**
 * The highest level a user may buy, queue for, follow a `?nft=` link to, or mint: Silver needs no
 * identity check; above it only an approval up to that level counts. Read at the moment of each
 * purchase or mint, so a revocation takes effect at once.
 */
export async function maxBuyableType(db: Db | Tx, userId: number): Promise<number> {
  return Math.max(NFT_TYPE.SILVER, (await kycApprovedType(db, userId)) ?? NFT_TYPE.SILVER);
}

/**
 * The highest level the user's KYC is approved up to, or null without an approval (the blue
 * checkmark shows when it is not null).
 */
export async function kycApprovedType(db: Db | Tx, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ maxNftType: kycApplications.maxNftType })
    .from(kycApplications)
    .where(and(eq(kycApplications.userId, userId), eq(kycApplications.status, 'approved')));
  return row?.maxNftType ?? null;
}

/** The same for many users at once (map and list cards). */
export async function kycApprovedTypes(db: Db, userIds: readonly number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: kycApplications.userId, maxNftType: kycApplications.maxNftType })
    .from(kycApplications)
    .where(and(inArray(kycApplications.userId, [...userIds]), eq(kycApplications.status, 'approved')));
  return new Map(rows.filter((row) => row.maxNftType !== null).map((row) => [row.userId, row.maxNftType!]));
}
