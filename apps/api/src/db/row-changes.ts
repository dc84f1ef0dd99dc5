import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Tells per-process caches that rows of a table they hold changed (decision 033), whichever code
 * wrote them: the database client looks at every statement it runs, and once one that changed
 * rows of a watched table is committed (at once outside a transaction, at COMMIT inside one) it
 * awaits the table's listeners before the statement's or the transaction's promise resolves. A
 * caller that wrote, and so everything it does next, finds the caches emptied. Rows changed
 * behind the client's back (psql by hand) are the caches' TTL's business.
 *
 * What counts: UPDATE, DELETE and TRUNCATE of the table, INSERT ... ON CONFLICT ... DO UPDATE, and
 * any INSERT where the table says so; only when the database reports rows changed (TRUNCATE
 * always). Extra notices cost a cache miss, never a wrong answer.
 *
 * A notice cannot say which rows, unless the code that wrote them did: statements run inside
 * `withScope({ users }, ...)` change only rows of those people, and their listeners are told so
 * (a cache may then drop those people's entries alone). A transaction's notice carries a scope
 * only if every change in it had one (their people together); any other notice carries none.
 */

export interface WatchedTable {
  name: string;
  /** New rows matter too (a cached answer may depend on their absence). */
  inserts?: boolean;
}

/** Whose rows a statement changed, as the code that ran it said (`withScope`). */
export interface RowScope {
  users: readonly number[];
}

/** `scope`: whose rows changed, when the writer said; without it, any rows of the table. */
export type RowsChangedListener = (scope?: RowScope) => Promise<void> | void;

/** A transaction's listeners until its commit, each with its scope so far (null: unscoped). */
export type PendingChanges = Map<RowsChangedListener, RowScope | null>;

interface Watch {
  listener: RowsChangedListener;
  patterns: RegExp[];
  inserts: RegExp[];
}

const UPSERT = /\bon\s+conflict\b[\s\S]*\bdo\s+update\b/i;
const BEGIN = /^\s*(?:begin|start\s+transaction)\b[^;]*;?\s*$/i;
const COMMIT = /^\s*(?:commit|end)\b[^;]*;?\s*$/i;
const ROLLBACK = /^\s*(?:rollback|abort)(?:\s+(?:work|transaction))?\s*;?\s*$/i;

function patternsOf(table: WatchedTable) {
  const name = `(?:(?:"public"|public)\\.)?(?:"${table.name}"|${table.name})(?![\\w"$])`;
  return {
    patterns: [
      new RegExp(`\\bupdate\\s+(?:only\\s+)?${name}`, 'i'),
      new RegExp(`\\bdelete\\s+from\\s+(?:only\\s+)?${name}`, 'i'),
      new RegExp(`\\btruncate\\s+(?:table\\s+)?(?:only\\s+)?(?:[\\w."]+\\s*,\\s*)*${name}`, 'i'),
    ],
    inserts: [new RegExp(`\\binsert\\s+into\\s+${name}`, 'i')],
    always: table.inserts === true,
  };
}

export type StatementKind = 'begin' | 'commit' | 'rollback' | 'other';

function joinScopes(a: RowScope | null, b: RowScope | null): RowScope | null {
  return a && b ? { users: [...new Set([...a.users, ...b.users])] } : null;
}

export function createRowChangeTracker() {
  const watches = new Set<Watch>();
  const scopes = new AsyncLocalStorage<{ scope: RowScope; open: boolean }>();

  return {
    /**
     * Runs `work` (awaited inside, so a query builder runs in it) with its statements scoped. Only
     * until it settles: a timer or task begun inside it inherits its async context, and its
     * statements later must not claim a scope they were never given. Keep `work` to the writes.
     */
    async withScope<T>(scope: RowScope, work: () => PromiseLike<T> | T): Promise<T> {
      const frame = { scope, open: true };
      try {
        return await scopes.run(frame, async () => await work());
      } finally {
        frame.open = false;
      }
    },

    /** The scope of the code running now; read when a statement is sent. */
    scope(): RowScope | undefined {
      const frame = scopes.getStore();
      return frame?.open ? frame.scope : undefined;
    },

    /** Adds a statement's listeners to a transaction's, joining their scopes. */
    hold(pending: PendingChanges, listeners: readonly RowsChangedListener[], scope: RowScope | undefined): void {
      for (const listener of listeners) {
        const held = pending.get(listener);
        pending.set(listener, held === undefined ? (scope ?? null) : joinScopes(held, scope ?? null));
      }
    },

    watch(tables: readonly WatchedTable[], listener: RowsChangedListener): () => void {
      const watch: Watch = { listener, patterns: [], inserts: [] };
      for (const table of tables) {
        const { patterns, inserts, always } = patternsOf(table);
        watch.patterns.push(...patterns);
        (always ? watch.patterns : watch.inserts).push(...inserts);
      }
      watches.add(watch);
      return () => void watches.delete(watch);
    },

    /** The listeners whose tables `text` may change (none when nothing watches). */
    listenersOf(text: string): RowsChangedListener[] {
      if (!watches.size) return [];
      const hits: RowsChangedListener[] = [];
      for (const watch of watches) {
        if (
          watch.patterns.some((p) => p.test(text)) ||
          (watch.inserts.some((p) => p.test(text)) && UPSERT.test(text))
        ) {
          hits.push(watch.listener);
        }
      }
      return hits;
    },

    kindOf(text: string): StatementKind {
      if (text.length > 64) return 'other';
      if (BEGIN.test(text)) return 'begin';
      if (COMMIT.test(text)) return 'commit';
      if (ROLLBACK.test(text)) return 'rollback';
      return 'other';
    },

    /**
     * Runs listeners, each with its scope (a statement's, or a transaction's as held); their
     * failures are theirs to report (a write never fails for a cache).
     */
    async notify(listeners: Iterable<RowsChangedListener> | PendingChanges, scope?: RowScope): Promise<void> {
      const calls: [RowsChangedListener, RowScope | undefined][] =
        listeners instanceof Map
          ? [...listeners].map(([listener, held]) => [listener, held ?? undefined])
          : [...listeners].map((listener) => [listener, scope]);
      await Promise.all(
        calls.map(async ([listener, given]) => {
          try {
            await listener(given);
          } catch {
            // The listener logs its own failures.
          }
        }),
      );
    },
  };
}

export type RowChangeTracker = ReturnType<typeof createRowChangeTracker>;

/** Whether a statement's result says rows changed: pg's rowCount, PGlite's affectedRows, any of several results. */
export function rowsChanged(result: unknown, text: string): boolean {
  if (/\btruncate\b/i.test(text)) return true;
  const results = Array.isArray(result) ? result : [result];
  return results.some((r) => {
    const { rowCount, affectedRows } = (r ?? {}) as { rowCount?: number | null; affectedRows?: number };
    return (rowCount ?? 0) > 0 || (affectedRows ?? 0) > 0;
  });
}
