import type { FastifyBaseLogger } from 'fastify';
import { and, eq, gt, inArray, lte } from 'drizzle-orm';
import { hands, users } from '../../../db/schema';
import type { MeetHands } from './meet-hands';

/** Rows deleted per statement, so a pile of expiries never becomes one huge transaction. */
const SWEEP_BATCH = 500;

/**
 * Hands drop by themselves at their expiry (PRODUCT.md). Deletes the expired rows (each process
 * may sweep: DELETE ... RETURNING hands every row to exactly one of them), forgets them in the
 * index and tells the watchers. Queries filter on expiresAt too, so nothing expired is shown
 * between two sweeps.
 */
export async function sweepExpiredHands(
  ctx: Pick<MeetHands, 'db' | 'index' | 'clock' | 'announceRemove'>,
): Promise<number> {
  let total = 0;
  for (;;) {
    const now = new Date(ctx.clock.now());
    const due = ctx.db.select({ userId: hands.userId }).from(hands).where(lte(hands.expiresAt, now)).limit(SWEEP_BATCH);
    const gone = await ctx.db
      .delete(hands)
      .where(and(inArray(hands.userId, due), lte(hands.expiresAt, now)))
      .returning({ userId: hands.userId, lat: hands.lat, lng: hands.lng });
    if (gone.length === 0) return total;
    total += gone.length;
    await Promise.all(gone.map((row) => ctx.index.remove(row.userId)));
    // A hand raised again in the moment between the delete and the index removal keeps its row:
    // put it back in the index so the removal above does not hide it.
    const raisedAgain = await ctx.db
      .select({
        userId: hands.userId,
        lat: hands.lat,
        lng: hands.lng,
        positionAt: hands.positionAt,
        ghost: users.ghost,
      })
      .from(hands)
      .innerJoin(users, eq(users.id, hands.userId))
      .where(
        and(
          inArray(
            hands.userId,
            gone.map((row) => row.userId),
          ),
          gt(hands.expiresAt, now),
        ),
      );
    await Promise.all(
      raisedAgain.map((row) =>
        ctx.index.upsert(row.userId, row.lat, row.lng, { at: row.positionAt.getTime(), ghost: row.ghost }),
      ),
    );
    const back = new Set(raisedAgain.map((row) => row.userId));
    await Promise.all(gone.filter((row) => !back.has(row.userId)).map((row) => ctx.announceRemove(row.userId, row)));
    if (gone.length < SWEEP_BATCH) return total;
  }
}

export interface Sweeper {
  start(): void;
  /** Runs a sweep now, after the one in flight (tests call it after moving the clock). */
  sweep(): Promise<number>;
  stop(): Promise<void>;
}

/** The sweep on an interval; never two at once, stopped (and awaited) when the app closes. */
export function startSweeper(run: () => Promise<number>, intervalMs: number, log: FastifyBaseLogger): Sweeper {
  let timer: NodeJS.Timeout | undefined;
  let last: Promise<number> = Promise.resolve(0);
  let busy = false;
  const sweep = () => {
    last = last.catch(() => 0).then(run);
    return last;
  };
  return {
    start() {
      timer ??= setInterval(() => {
        if (busy) return;
        busy = true;
        sweep()
          .catch((error: unknown) => log.error({ err: error }, 'hand expiry sweep failed'))
          .finally(() => (busy = false));
      }, intervalMs).unref();
    },
    sweep,
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await last.catch(() => 0);
    },
  };
}
