import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { TokenClaims } from '../../lib/jwt';
import type { AuthUser } from '../../plugins/auth';

/** "Last seen" moves at most this often, so a busy client does not write on every request. */
export const LAST_SEEN_STEP_MS = 60_000;

/**
 * The check behind every authenticated request and socket handshake: one read by the session's
 * primary key (joined to its user by theirs). Kept in one place so it can be cached later.
 */
export async function readLiveSession(db: Db, claims: TokenClaims, now: Date): Promise<AuthUser> {
  const [row] = await db
    .select({
      userId: sessions.userId,
      endedAt: sessions.endedAt,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      secondFactorAt: sessions.secondFactorAt,
      role: users.role,
      blockedAt: users.blockedAt,
      deletedAt: users.deletedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, claims.sessionId))
    .limit(1);
  if (!row || row.userId !== claims.userId || row.blockedAt || row.deletedAt) throw new AppError('TOKEN_INVALID');
  if (row.endedAt || row.expiresAt <= now) throw new AppError('SESSION_ENDED');
  const stale = new Date(now.getTime() - LAST_SEEN_STEP_MS);
  if (row.lastSeenAt <= stale) {
    // Conditional, so several processes seeing the same stale row write it once.
    await db
      .update(sessions)
      .set({ lastSeenAt: now })
      .where(and(eq(sessions.id, claims.sessionId), lt(sessions.lastSeenAt, stale)));
  }
  return {
    id: row.userId,
    role: row.role,
    sessionId: claims.sessionId,
    expiresAt: claims.expiresAt,
    secondFactorAt: row.secondFactorAt,
  };
}
