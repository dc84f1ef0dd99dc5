import { eq, gt } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { hands, users } from '../../../db/schema';
import type { NearbyIndex } from '../nearby/nearby-index';

const REBUILD_BATCH = 1_000;

/**
 * Puts every raised, unexpired hand of the table into the index: the in-process index starts
 * empty, and a Redis that lost its data gets it back, so a restart loses no hand. An entry Redis
 * already holds stays as it is (its fix is the same or newer: the index is written before the row).
 */
export async function rebuildIndex(db: Db, index: NearbyIndex, now: number): Promise<number> {
  const rows = await db
    .select({
      userId: hands.userId,
      lat: hands.lat,
      lng: hands.lng,
      accuracy: hands.accuracy,
      positionAt: hands.positionAt,
      ghost: users.ghost,
    })
    .from(hands)
    .innerJoin(users, eq(users.id, hands.userId))
    .where(gt(hands.expiresAt, new Date(now)));
  for (let first = 0; first < rows.length; first += REBUILD_BATCH) {
    await Promise.all(
      rows.slice(first, first + REBUILD_BATCH).map((row) =>
        index.upsert(row.userId, row.lat, row.lng, {
          at: row.positionAt.getTime(),
          ghost: row.ghost,
          ...(row.accuracy === null ? {} : { accuracyMeters: row.accuracy }),
        }),
      ),
    );
  }
  return rows.length;
}
