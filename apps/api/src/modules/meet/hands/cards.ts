import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { NFT_LEVELS, NFT_TYPE, type NftLevelName } from '@app/shared/constants';
import type { HandCard, Mood } from '@app/shared/schemas/meet';
import { avatarUrl } from '@app/shared/schemas/user';
import { ageOn } from '@app/shared/validation/rules';
import type { Db } from '../../../db/client';
import { hands, nfts, users } from '../../../db/schema';
import { kycApprovedTypes } from '../../kyc/kyc-gate';
import type { LatLng } from '../nearby/geo';
import { publicDistance, publicPosition } from '../nearby/privacy';

/** A hand card without what depends on the viewer (the shown position and the distance step). */
export type HandCardBase = Omit<HandCard, 'position' | 'distance'>;

/** A hand anyone may see right now, with its exact position (server-internal only). */
export interface VisibleHand extends LatLng {
  base: HandCardBase;
}

export interface HandFilters {
  mood?: Mood;
  /** Only holders of a token of this level. */
  level?: NftLevelName;
}

const levelName = new Map<number, NftLevelName>(NFT_LEVELS.map((name) => [NFT_TYPE[name], name]));

/**
 * The hands of these users that anyone may see at `now`, as card bases, in three queries whatever
 * the number of users: raised and not expired, the account neither a ghost nor blocked nor
 * deleted, and passing the filters. Users missing from the map are not to be shown.
 */
export async function loadVisibleHands(
  db: Db,
  userIds: readonly number[],
  now: number,
  filters: HandFilters = {},
): Promise<Map<number, VisibleHand>> {
  const found = new Map<number, VisibleHand>();
  if (userIds.length === 0) return found;
  const rows = await db
    .select({
      userId: hands.userId,
      mood: hands.mood,
      note: hands.note,
      lat: hands.lat,
      lng: hands.lng,
      expiresAt: hands.expiresAt,
      domain: users.domain,
      firstName: users.firstName,
      birthday: users.birthday,
      avatarMediaId: users.avatarMediaId,
    })
    .from(hands)
    .innerJoin(users, eq(users.id, hands.userId))
    .where(
      and(
        inArray(hands.userId, [...userIds]),
        gt(hands.expiresAt, new Date(now)),
        eq(users.ghost, false),
        isNull(users.deletedAt),
        isNull(users.blockedAt),
        filters.mood ? eq(hands.mood, filters.mood) : undefined,
        filters.level
          ? sql`exists (select 1 from ${nfts} where ${nfts.ownerId} = ${hands.userId} and ${nfts.type} = ${NFT_TYPE[filters.level]})`
          : undefined,
      ),
    );
  if (rows.length === 0) return found;
  const ids = rows.map((row) => row.userId);
  const [tokens, kyc] = await Promise.all([
    db
      .select({ ownerId: nfts.ownerId, type: nfts.type })
      .from(nfts)
      .where(inArray(nfts.ownerId, ids))
      .orderBy(nfts.type),
    kycApprovedTypes(db, ids),
  ]);
  const levels = new Map<number, NftLevelName[]>();
  for (const token of tokens) {
    const name = levelName.get(token.type);
    if (!name || token.ownerId === null) continue;
    const list = levels.get(token.ownerId) ?? [];
    if (!list.includes(name)) list.push(name);
    levels.set(token.ownerId, list);
  }
  const today = new Date(now);
  for (const row of rows) {
    found.set(row.userId, {
      lat: row.lat,
      lng: row.lng,
      base: {
        userId: row.userId,
        domain: row.domain,
        firstName: row.firstName,
        age: row.birthday ? ageOn(row.birthday, today) : null,
        avatar: row.avatarMediaId ? avatarUrl(row.avatarMediaId) : null,
        mood: row.mood,
        note: row.note,
        levels: levels.get(row.userId) ?? [],
        verified: kyc.has(row.userId),
        expiresAt: row.expiresAt.toISOString(),
      },
    });
  }
  return found;
}

/**
 * The card one viewer may see: the hand snapped to its cell with this viewer's offset and the
 * distance step from the viewer to that shown point. Nothing exact leaves through here.
 */
export function cardFor(
  base: HandCardBase,
  subject: LatLng,
  viewerId: number,
  viewer: LatLng,
  secret: Buffer,
): HandCard {
  const position = publicPosition({ id: base.userId, lat: subject.lat, lng: subject.lng }, viewerId, secret);
  return { ...base, position, distance: publicDistance(viewer, position) };
}
