import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { publish } from '../../events/event-bus';
import { recordAudit, type AuditActor } from '../audit/record-audit';

/**
 * Staff blocking of an account (users.blockedAt). A blocked account is refused at login and on
 * every request and socket (sessions/live-session.ts); blocking also ends its sessions in the same
 * transaction, drops them from every process's session cache and closes their sockets once it
 * commits (before it answers, so the very next request is refused everywhere), and publishes `user.blocked` so the live map
 * drops its hand and tells the watchers.
 */

export interface AccountBlocksDeps {
  db: Db;
  /** Ends every live session of the user inside `tx`; answers their ids (sessions module). */
  endSessionsIn(tx: Tx, userId: number): Promise<string[]>;
  /** Drops ended sessions from every process's session cache and closes their sockets; call after commit. */
  closeSessions(ids: string[]): Promise<void>;
}

/** After commit: what the block must still do outside the database (await it before answering). */
export type AfterCommit = () => Promise<void>;

export function createAccountBlocks(deps: AccountBlocksDeps) {
  async function lockTarget(tx: Tx, actor: AuditActor, userId: number) {
    if (actor.actorId === userId) throw new AppError('SELF_ACTION_NOT_ALLOWED');
    const [row] = await tx
      .select({ id: users.id, role: users.role, blockedAt: users.blockedAt })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!row) throw new AppError('USER_NOT_FOUND');
    return row;
  }

  const blocks = {
    /**
     * Blocks inside the caller's transaction (a report decision blocks with its own change) and
     * writes `user.block`; run the answer after commit.
     */
    async blockIn(
      tx: Tx,
      actor: AuditActor,
      userId: number,
      reason: string,
      details: Record<string, unknown> = {},
    ): Promise<AfterCommit> {
      const row = await lockTarget(tx, actor, userId);
      if (row.role === 'admin') throw new AppError('ADMIN_NOT_BLOCKABLE');
      if (row.blockedAt) throw new AppError('ACCOUNT_ALREADY_BLOCKED');
      const blockedAt = new Date();
      await tx.update(users).set({ blockedAt }).where(eq(users.id, userId));
      const ended = await deps.endSessionsIn(tx, userId);
      await publish(tx, 'user.blocked', { userId });
      await recordAudit(tx, {
        ...actor,
        action: 'user.block',
        targetType: 'user',
        targetId: userId,
        before: { blockedAt: null },
        after: { blockedAt: blockedAt.toISOString() },
        reason,
        details: { ...details, sessionsEnded: ended.length },
      });
      return () => deps.closeSessions(ended);
    },

    async block(actor: AuditActor, userId: number, reason: string): Promise<void> {
      const after = await deps.db.transaction((tx) => blocks.blockIn(tx, actor, userId, reason));
      await after();
    },

    /** Lifts the block; the person signs in again (their ended sessions stay ended). */
    async unblock(actor: AuditActor, userId: number, reason: string): Promise<void> {
      await deps.db.transaction(async (tx) => {
        const row = await lockTarget(tx, actor, userId);
        if (!row.blockedAt) throw new AppError('ACCOUNT_NOT_BLOCKED');
        await tx.update(users).set({ blockedAt: null }).where(eq(users.id, userId));
        await recordAudit(tx, {
          ...actor,
          action: 'user.unblock',
          targetType: 'user',
          targetId: userId,
          before: { blockedAt: row.blockedAt.toISOString() },
          after: { blockedAt: null },
          reason,
        });
      });
    },
  };
  return blocks;
}
export type AccountBlocks = ReturnType<typeof createAccountBlocks>;
