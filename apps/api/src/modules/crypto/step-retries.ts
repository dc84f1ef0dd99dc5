import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { CHAIN_STEP_MAX_TRIES, type RetryingStepKind } from '@app/shared/schemas/operations';
import { chainStepRetries } from '../../db/schema';

/** The first wait after a failure; each further failure doubles it, up to MAX_DELAY_MS. */
export const FIRST_DELAY_MS = 5_000;
export const MAX_DELAY_MS = 10 * 60_000;
/** Tries before a row is parked for an admin: 5 s, 10 s, 20 s … about 25 minutes of trying. */
export const MAX_TRIES = CHAIN_STEP_MAX_TRIES;

/** The wait before try `tries + 1`, with ±20% jitter so rows that failed together do not retry together. */
export function retryDelayMs(tries: number, random = Math.random): number {
  const base = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.max(0, tries - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * Durable backoff for one chain worker: which rows wait (or are parked), a failure recorded, a
 * success forgotten. The table is small (only rows that failed lately), so a pass reads all of a
 * worker's rows at once instead of one query per row.
 */
export function stepRetries(db: Db, kind: RetryingStepKind, now: () => number = Date.now) {
  const api = {
    /** The rows that failed before, by id: `skip` when their next try has not come or they are parked. */
    async load(): Promise<Map<number, { skip: boolean }>> {
      const rows = await db.select().from(chainStepRetries).where(eq(chainStepRetries.kind, kind));
      const at = now();
      return new Map(rows.map((r) => [r.refId, { skip: r.deadAt !== null || r.nextAt.getTime() > at }]));
    },

    /** Records a failed try; resolves whether the row is now parked for an admin. */
    async failed(refId: number, error: unknown): Promise<{ tries: number; parked: boolean }> {
      const at = now();
      const [row] = await db
        .insert(chainStepRetries)
        .values({ kind, refId, tries: 1, nextAt: new Date(at + retryDelayMs(1)), lastError: describe(error) })
        .onConflictDoUpdate({
          target: [chainStepRetries.kind, chainStepRetries.refId],
          set: { tries: sql`${chainStepRetries.tries} + 1`, lastError: describe(error), updatedAt: new Date(at) },
        })
        .returning();
      const tries = row!.tries;
      const parked = tries >= MAX_TRIES;
      await db
        .update(chainStepRetries)
        .set(parked ? { deadAt: new Date(at) } : { nextAt: new Date(at + retryDelayMs(tries)) })
        .where(and(eq(chainStepRetries.kind, kind), eq(chainStepRetries.refId, refId)));
      return { tries, parked };
    },

    /** The row's step went through: its failures are history. */
    async succeeded(refId: number): Promise<void> {
      await db.delete(chainStepRetries).where(and(eq(chainStepRetries.kind, kind), eq(chainStepRetries.refId, refId)));
    },
  };
  return {
    ...api,
    /**
     * One pass of the worker over its open rows: a row still waiting (or parked) is left alone,
     * a step that throws is recorded and handed to `onFailure`; failures of rows no longer open
     * (finished, refunded) are forgotten.
     */
    async each<T extends { id: number }>(
      rows: readonly T[],
      step: (row: T) => Promise<void>,
      onFailure: (row: T, error: unknown, outcome: { tries: number; parked: boolean }) => Promise<void> | void,
      /** Which failures wait before the next try (all by default); the others are only reported. */
      waitsOut: (error: unknown) => boolean = () => true,
    ): Promise<void> {
      // One read per pass; a delete only when a row that failed is no longer open.
      const failing = await api.load();
      const open = new Set(rows.map((r) => r.id));
      const gone = [...failing.keys()].filter((id) => !open.has(id));
      if (gone.length)
        await db
          .delete(chainStepRetries)
          .where(and(eq(chainStepRetries.kind, kind), inArray(chainStepRetries.refId, gone)));
      for (const row of rows) {
        const known = failing.get(row.id);
        if (known?.skip) continue;
        try {
          await step(row);
          if (known) await api.succeeded(row.id);
        } catch (error) {
          await onFailure(row, error, waitsOut(error) ? await api.failed(row.id, error) : { tries: 0, parked: false });
        }
      }
    },
  };
}
