import { and, gt, inArray } from 'drizzle-orm';
import type { Restriction } from '@app/shared/schemas/meet';
import type { Db } from '../../../db/client';
import { mintRestrictions } from '../../../db/schema';
import { RESTRICTION_RULES, restrictionStatus, type RestrictionReason } from '../detector/restriction';

/**
 * Device protection as rows: every signal (impossible movement, a device shared by accounts) is a
 * flag with its own end; the status at a moment is computed from the flags by detector/restriction.ts
 * (at most 72 h after the latest one).
 */

export interface RaiseRestriction {
  userId: number;
  reason: RestrictionReason;
  /** When the signal happened (the server clock), epoch ms. */
  at: number;
  detail?: Record<string, unknown>;
}

export async function raiseRestriction(db: Db, flag: RaiseRestriction): Promise<void> {
  await db.insert(mintRestrictions).values({
    userId: flag.userId,
    reason: flag.reason,
    detail: flag.detail ?? null,
    startedAt: new Date(flag.at),
    endsAt: new Date(flag.at + RESTRICTION_RULES.durationMs[flag.reason]),
  });
}

/** A flag as the status is computed from it. */
export interface RestrictionRow {
  reason: RestrictionReason;
  startedAt: Date;
}

/** The user's flags that may still restrict at `now` or later (older ones cannot any more). */
export async function recentRestrictionRows(db: Db, userId: number, now: number): Promise<RestrictionRow[]> {
  return (await recentRestrictionRowsOf(db, [userId], now)).get(userId) ?? [];
}

/** The same for several users in one read (a pair's meeting view), by user; none: an empty list. */
export async function recentRestrictionRowsOf(
  db: Db,
  userIds: readonly number[],
  now: number,
): Promise<Map<number, RestrictionRow[]>> {
  const rows = await db
    .select({ userId: mintRestrictions.userId, reason: mintRestrictions.reason, startedAt: mintRestrictions.startedAt })
    .from(mintRestrictions)
    .where(
      and(
        inArray(mintRestrictions.userId, [...userIds]),
        gt(mintRestrictions.startedAt, new Date(now - RESTRICTION_RULES.maxMs)),
      ),
    );
  const byUser = new Map<number, RestrictionRow[]>(userIds.map((id) => [id, []]));
  for (const { userId, ...row } of rows) byUser.get(userId)?.push(row);
  return byUser;
}

/** The restriction those flags make at `now` (read then or earlier), or null when minting is open. */
export function restrictionAt(flags: readonly RestrictionRow[], now: number): Restriction | null {
  const rows = flags.filter((row) => row.startedAt.getTime() > now - RESTRICTION_RULES.maxMs);
  const status = restrictionStatus(
    rows.map((row) => ({ kind: row.reason, at: row.startedAt.getTime() })),
    now,
  );
  if (!status.restricted || status.until === null) return null;
  // The reason shown is the latest signal's: it is what the user can relate to.
  const latest = rows.reduce((a, b) => (a.startedAt >= b.startedAt ? a : b));
  return { reason: latest.reason, until: new Date(status.until).toISOString(), remainingMs: status.remainingMs };
}

/** The user's restriction at `now`, or null when minting is open. */
export async function activeRestriction(db: Db, userId: number, now: number): Promise<Restriction | null> {
  return restrictionAt(await recentRestrictionRows(db, userId, now), now);
}
