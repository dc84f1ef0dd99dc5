import crypto from 'node:crypto';
import { and, desc, eq, gt, isNotNull, isNull, lt, ne, or, type SQL } from 'drizzle-orm';
import { STAFF_ROLES } from '@app/shared/constants';
import type { SessionItem } from '@app/shared/schemas/sessions';
import type { Db, Tx } from '../../db/client';
import { sessions, users, type SessionEndReason } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { TokenClaims, TokenService } from '../../lib/jwt';
import type { SessionAuthority } from '../../plugins/auth';
import { UNKNOWN_DEVICE } from './device-label';
import { readLiveSession } from './live-session';
import type { CacheChange } from '../../lib/people-cache';
import type { SessionCache } from './session-cache';
import type { SignInClient } from './sign-in-client';

/** Ended and expired rows are kept this long (the person may ask what signed in), then dropped. */
const KEEP_ENDED_MS = 30 * 24 * 3600 * 1000;
const LIST_LIMIT = 50;

export interface SessionServiceDeps {
  db: Db;
  jwt: TokenService;
  ttlSeconds: number;
  /** Moderators' and admins' sign-ins end sooner (STAFF_SESSION_HOURS). */
  staffTtlSeconds: number;
  /** Closes the open sockets of a session on every API process. */
  closeSockets(sessionId: string, reason: SessionEndReason): void;
  /** This process's cache of session rows (decision 033); without it every check reads the row. */
  cache?: SessionCache;
  /** Drops changed sessions from the cache of every process; resolves once each has. */
  forget?(change: CacheChange): Promise<void>;
}

/**
 * Starts a session and answers its token; older rows of the user that ended or expired long ago
 * go on the way. Without a client (tests, seeded users) the device is unknown.
 */
export async function startSession(
  db: Db,
  jwt: TokenService,
  ttlSeconds: number,
  userId: number,
  client: SignInClient = { device: UNKNOWN_DEVICE, country: null },
): Promise<string> {
  const now = new Date();
  const id = crypto.randomUUID();
  // Whole seconds, as the token's expiry has them.
  const expiresAt = new Date(Math.floor(now.getTime() / 1000) * 1000 + ttlSeconds * 1000);
  const forgotten = new Date(now.getTime() - KEEP_ENDED_MS);
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        or(lt(sessions.expiresAt, forgotten), and(isNotNull(sessions.endedAt), lt(sessions.endedAt, forgotten))),
      ),
    );
  await db.insert(sessions).values({ id, userId, ...client, createdAt: now, lastSeenAt: now, expiresAt });
  return jwt.sign({ userId, sessionId: id }, expiresAt, now);
}

/**
 * Sign-ins that can be ended. Each login, registration or provider sign-in starts a session whose
 * id the token carries; every request checks it is live (readLiveSession), from a per-process cache
 * of session rows that every change below empties at once on every process before it answers.
 */
export function createSessionService(deps: SessionServiceDeps) {
  const { db, jwt } = deps;
  const forget = (change: CacheChange) => deps.forget?.(change) ?? Promise.resolve(deps.cache?.forget(change));

  const live = (now: Date) => and(isNull(sessions.endedAt), gt(sessions.expiresAt, now));

  /** Ends the user's live sessions matching `extra` in `tx`; the caller closes their sockets after commit. */
  async function endIn(tx: Db | Tx, userId: number, reason: SessionEndReason, extra?: SQL) {
    const now = new Date();
    const ended = await tx
      .update(sessions)
      .set({ endedAt: now, endedReason: reason })
      .where(and(eq(sessions.userId, userId), live(now), extra))
      .returning({ id: sessions.id });
    return ended.map((row) => row.id);
  }

  /** After the commit that ended them: no process serves these sessions from its cache any more, nor keeps their sockets. */
  async function afterEnd(ids: string[], reason: SessionEndReason): Promise<void> {
    if (!ids.length) return;
    await forget({ sessions: ids });
    ids.forEach((id) => deps.closeSockets(id, reason));
  }

  const service = {
    async sign(userId: number, client?: SignInClient) {
      const [user] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
      const staff = user && STAFF_ROLES.includes(user.role);
      const ttl = staff ? Math.min(deps.ttlSeconds, deps.staffTtlSeconds) : deps.ttlSeconds;
      return startSession(db, jwt, ttl, userId, client);
    },

    /** The session proved the account's TOTP just now (the caller checked the code). */
    async markSecondFactor(sessionId: string, at = new Date()): Promise<void> {
      await db.update(sessions).set({ secondFactorAt: at }).where(eq(sessions.id, sessionId));
      await forget({ sessions: [sessionId] });
    },

    /** TOTP went off: no sign-in of the account counts as having proved it any more. */
    async clearSecondFactor(userId: number): Promise<void> {
      await db.update(sessions).set({ secondFactorAt: null }).where(eq(sessions.userId, userId));
      await forget({ users: [userId] });
    },

    /**
     * After a committed change of what the auth check reads of a person (role, block, deletion):
     * every process reads their sessions afresh. Ending sessions needs no call of its own (afterEnd).
     */
    userChanged: (userId: number) => forget({ users: [userId] }),

    verify: (token: string) => jwt.verify(token),

    check: (claims: TokenClaims) => readLiveSession(db, claims, new Date(), deps.cache),

    /** A fresh token of the same session (profile update answers one): same id, same expiry. */
    reissue: (claims: Pick<TokenClaims, 'userId' | 'sessionId' | 'expiresAt'>) =>
      jwt.sign({ userId: claims.userId, sessionId: claims.sessionId }, claims.expiresAt),

    async list(userId: number, currentId: string): Promise<SessionItem[]> {
      const rows = await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), live(new Date())))
        .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt))
        .limit(LIST_LIMIT);
      // This device first, then the others by when they were last seen.
      rows.sort((a, b) => Number(b.id === currentId) - Number(a.id === currentId));
      return rows.map((row) => ({
        id: row.id,
        device: row.device,
        country: row.country,
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
        current: row.id === currentId,
      }));
    },

    /** Ends one live session of this user (another's, or an ended one, is NOT_FOUND). */
    async end(userId: number, sessionId: string, reason: SessionEndReason): Promise<void> {
      const ids = await endIn(db, userId, reason, eq(sessions.id, sessionId));
      if (!ids.length) throw new AppError('NOT_FOUND');
      await afterEnd(ids, reason);
    },

    /** Ends every live session of the user, or every one but `except`; answers how many. */
    async endAll(userId: number, opts: { except?: string; reason: SessionEndReason }): Promise<number> {
      const ids = await service.endAllIn(db, userId, opts);
      await afterEnd(ids, opts.reason);
      return ids.length;
    },

    /**
     * endAll inside the caller's transaction (a password reset ends sessions with the change it
     * makes). The caches and sockets are the commit's business: pass the ids to afterEnd then, and
     * answer once it resolved.
     */
    endAllIn: (tx: Db | Tx, userId: number, opts: { except?: string; reason: SessionEndReason }) =>
      endIn(tx, userId, opts.reason, opts.except ? ne(sessions.id, opts.except) : undefined),

    afterEnd,
  } satisfies SessionAuthority & Record<string, unknown>;
  return service;
}

export type SessionService = ReturnType<typeof createSessionService>;
