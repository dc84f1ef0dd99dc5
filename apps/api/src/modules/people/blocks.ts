import { and, desc, eq, isNull, or } from 'drizzle-orm';
import type { Block, BlockList } from '@app/shared/schemas/chat';
import type { Db, Tx } from '../../db/client';
import { chatBlocks, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { peerColumns, toPeer } from './peer';

/**
 * Blocks between users. A block works both ways: neither side can message the other, and the map
 * hides them from each other (it calls `blockedIds`).
 */

type Queryable = Db | Tx;

/** Whether a blocked b, or b blocked a. */
export async function isBlockedEitherWay(db: Queryable, a: number, b: number): Promise<boolean> {
  const [row] = await db
    .select({ blockerId: chatBlocks.blockerId })
    .from(chatBlocks)
    .where(
      or(
        and(eq(chatBlocks.blockerId, a), eq(chatBlocks.blockedId, b)),
        and(eq(chatBlocks.blockerId, b), eq(chatBlocks.blockedId, a)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Every user that `userId` blocked or that blocked `userId`: hide them from each other. */
export async function blockedIds(db: Queryable, userId: number): Promise<number[]> {
  const rows = await db
    .select({ blockerId: chatBlocks.blockerId, blockedId: chatBlocks.blockedId })
    .from(chatBlocks)
    .where(or(eq(chatBlocks.blockerId, userId), eq(chatBlocks.blockedId, userId)));
  return [...new Set(rows.map((r) => (r.blockerId === userId ? r.blockedId : r.blockerId)))];
}

async function requireOtherUser(db: Queryable, userId: number, otherId: number) {
  if (otherId === userId) throw new AppError('SELF_ACTION_NOT_ALLOWED');
  const [row] = await db
    .select(peerColumns)
    .from(users)
    .where(and(eq(users.id, otherId), isNull(users.deletedAt)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** Blocks a user; blocking again keeps the first block. */
export async function blockUser(db: Db, userId: number, otherId: number): Promise<Block> {
  const peer = await requireOtherUser(db, userId, otherId);
  await db.insert(chatBlocks).values({ blockerId: userId, blockedId: otherId }).onConflictDoNothing();
  const [row] = await db
    .select({ createdAt: chatBlocks.createdAt })
    .from(chatBlocks)
    .where(and(eq(chatBlocks.blockerId, userId), eq(chatBlocks.blockedId, otherId)));
  return { user: toPeer(peer), createdAt: row!.createdAt.toISOString() };
}

/** Lifts the caller's own block (a block the other user made stays). Unknown blocks are fine. */
export async function unblockUser(db: Db, userId: number, otherId: number): Promise<void> {
  if (otherId === userId) throw new AppError('SELF_ACTION_NOT_ALLOWED');
  await db.delete(chatBlocks).where(and(eq(chatBlocks.blockerId, userId), eq(chatBlocks.blockedId, otherId)));
}

/** The users the caller blocked, the newest block first. */
export async function listBlocks(db: Db, userId: number): Promise<BlockList> {
  const rows = await db
    .select({ ...peerColumns, createdAt: chatBlocks.createdAt })
    .from(chatBlocks)
    .innerJoin(users, eq(users.id, chatBlocks.blockedId))
    .where(eq(chatBlocks.blockerId, userId))
    .orderBy(desc(chatBlocks.createdAt), desc(chatBlocks.blockedId));
  return { items: rows.map((row) => ({ user: toPeer(row), createdAt: row.createdAt.toISOString() })) };
}
