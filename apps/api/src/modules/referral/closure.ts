import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { referralClosure, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { rowsOf } from './rows';

/** The upline recorded for a referral: its referrer and up to two more levels above. */
export const TREE_DEPTH = 3;

/**
 * Records a person's upline from their referrer (users.referrer_id) and the referrer's own recorded
 * upline, once: a person who already has a tree keeps it (an event delivered again, a save after
 * the registration's handler).
 */
export async function fixTree(tx: Tx | Db, userId: number): Promise<void> {
  const [existing] = await tx
    .select({ depth: referralClosure.depth })
    .from(referralClosure)
    .where(eq(referralClosure.descendantId, userId))
    .limit(1);
  if (existing) return;
  const [row] = await tx.select({ referrerId: users.referrerId }).from(users).where(eq(users.id, userId));
  if (!row?.referrerId) return;
  await insertTree(tx, userId, row.referrerId);
}

async function insertTree(tx: Tx | Db, userId: number, referrerId: number) {
  // The referrer at depth 1, then the referrer's own ancestors one level deeper, up to three.
  await tx.execute(sql`
    insert into ${referralClosure} (descendant_id, depth, ancestor_id)
    select ${userId}::int, 1::smallint, ${referrerId}::int
    union all
    select ${userId}::int, (c.depth + 1)::smallint, c.ancestor_id
    from ${referralClosure} c
    where c.descendant_id = ${referrerId}::int and c.depth < ${TREE_DEPTH} and c.ancestor_id <> ${userId}::int
    on conflict do nothing`);
}

/** The ancestors of a person at depth 1..3, nearest first. */
export async function uplineOf(tx: Tx | Db, userId: number): Promise<{ ancestorId: number; depth: number }[]> {
  return tx
    .select({ ancestorId: referralClosure.ancestorId, depth: referralClosure.depth })
    .from(referralClosure)
    .where(eq(referralClosure.descendantId, userId))
    .orderBy(referralClosure.depth);
}

/** Whether `ancestorId` is within three levels above `userId` in the recorded tree. */
export async function isAbove(tx: Tx | Db, ancestorId: number, userId: number): Promise<boolean> {
  const [row] = await tx
    .select({ depth: referralClosure.depth })
    .from(referralClosure)
    .where(and(eq(referralClosure.ancestorId, ancestorId), eq(referralClosure.descendantId, userId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Whether `userId` brought `referrerId`, at any depth, following users.referrer_id (the recorded
 * tree stops at three levels, a loop could be longer). `union` drops repeated rows, so the walk ends
 * even where an earlier change left a loop.
 */
async function broughtBy(tx: Tx, referrerId: number, userId: number): Promise<boolean> {
  const found = await rowsOf(
    tx,
    sql`
    with recursive up(id) as (
      select referrer_id from ${users} where id = ${referrerId}::int
      union
      select u.referrer_id from ${users} u join up on u.id = up.id
    )
    select 1 as found from up where id = ${userId}::int limit 1`,
  );
  return found.length > 0;
}

/**
 * Admins only: gives a person another referrer (or none). Their own upline is recorded again from
 * the new referrer; the people below them keep theirs (fixed when they registered), and past
 * rewards are never touched. Oneself, an unknown or deleted account, and anyone the person brought
 * (a cycle) are refused, each with its own code so the admin reads why.
 */
export async function changeReferrer(
  tx: Tx,
  userId: number,
  referrerId: number | null,
): Promise<{ before: number | null; after: number | null }> {
  const [person] = await tx
    .select({ id: users.id, referrerId: users.referrerId })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!person) throw new AppError('NOT_FOUND');
  if (referrerId !== null) {
    if (referrerId === userId) throw new AppError('REFERRER_SELF');
    const [referrer] = await tx
      .select({ id: users.id, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, referrerId));
    if (!referrer || referrer.deletedAt) throw new AppError('REFERRER_UNKNOWN');
    if (await broughtBy(tx, referrerId, userId)) throw new AppError('REFERRER_CYCLE');
  }
  await tx.update(users).set({ referrerId }).where(eq(users.id, userId));
  await tx.delete(referralClosure).where(eq(referralClosure.descendantId, userId));
  if (referrerId !== null) await insertTree(tx, userId, referrerId);
  return { before: person.referrerId, after: referrerId };
}
