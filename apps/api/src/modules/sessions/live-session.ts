import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { TokenClaims } from '../../lib/jwt';
import type { AuthUser } from '../../plugins/auth';
import type { SessionCache, SessionState } from './session-cache';

/** "Last seen" moves at most this often, so a busy client does not write on every request. */
export const LAST_SEEN_STEP_MS = 60_000;

/** The read behind every authenticated request and socket handshake, prepared once per database. */
const prepared = new WeakMap<Db, ReturnType<typeof prepare>>();
const prepare = (db: Db) =>
  db
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
    .where(eq(sessions.id, sql.placeholder('id')))
    .limit(1)
    .prepare('live_session');

/** One read by the session's primary key, joined to its user by theirs. */
export async function readSessionState(db: Db, sessionId: string): Promise<SessionState | undefined> {
  let query = prepared.get(db);
  if (!query) prepared.set(db, (query = prepare(db)));
  const [row] = await query.execute({ id: sessionId });
  return row;
}

/**
 * The check behind every authenticated request and socket handshake: the session's row (from the
 * cache, else read and cached) must be live and its user neither blocked nor deleted.
 */
export async function readLiveSession(db: Db, claims: TokenClaims, now: Date, cache?: SessionCache): Promise<AuthUser> {
  let row = cache?.get(claims.sessionId);
  if (!row) {
    const mark = cache?.mark() ?? 0;
    row = await readSessionState(db, claims.sessionId);
    if (row) cache?.set(claims.sessionId, row, mark);
  }
  if (!row || row.userId !== claims.userId || row.blockedAt || row.deletedAt) throw new AppError('TOKEN_INVALID');
  if (row.endedAt || row.expiresAt <= now) throw new AppError('SESSION_ENDED');
  const stale = new Date(now.getTime() - LAST_SEEN_STEP_MS);
  if (row.lastSeenAt <= stale) {
    // The cached row too, so the next requests of this process do not write again.
    row.lastSeenAt = now;
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
