import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestDatabase } from '../../test/database';
import type { Database } from './client';
import type { RowScope } from './row-changes';
import { sessions, users } from './schema';

/**
 * The database's notice of committed row changes (row-changes.ts, decision 033), on PGlite and,
 * under `npm run test:pg`, on PostgreSQL: the caches of GET /api/user/me hang on it.
 */

let database: Database;
let heard = 0;
let stop: () => void;
let userId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  stop = database.onRowsChanged([{ name: 'users' }, { name: 'sessions', inserts: true }], () => {
    heard += 1;
  });
  const [row] = await database.db
    .insert(users)
    .values({ email: `rows-${Date.now()}@example.com` })
    .returning();
  userId = row!.id;
});
afterAll(async () => {
  stop?.();
  await database?.close();
});

/** How many notices `act` brought, counted the moment it resolved. */
async function notices(act: () => Promise<unknown>) {
  const before = heard;
  await act();
  return heard - before;
}

describe('a notice of changed rows', () => {
  it('comes before an update outside a transaction answers, and not for reads or an update of nothing', async () => {
    const { db } = database;
    expect(await notices(() => db.update(users).set({ firstName: 'Anna' }).where(eq(users.id, userId)))).toBe(1);
    expect(await notices(() => db.select().from(users).where(eq(users.id, userId)))).toBe(0);
    expect(await notices(() => db.update(users).set({ firstName: 'Nobody' }).where(eq(users.id, -1)))).toBe(0);
    // A new person changes no row anyone read; a table that watches inserts hears them.
    expect(await notices(() => db.insert(users).values({ email: `new-${Date.now()}@example.com` }))).toBe(0);
    expect(
      await notices(() =>
        db.insert(sessions).values({
          id: crypto.randomUUID(),
          userId,
          device: 'test',
          createdAt: new Date(),
          lastSeenAt: new Date(),
          expiresAt: new Date(Date.now() + 60_000),
        }),
      ),
    ).toBe(1);
  });

  it('comes with the commit of a transaction, once, and never for one rolled back', async () => {
    const { db } = database;
    let inside = -1;
    const committed = await notices(() =>
      db.transaction(async (tx) => {
        await tx.update(users).set({ lastName: 'One' }).where(eq(users.id, userId));
        await tx.update(users).set({ lastName: 'Two' }).where(eq(users.id, userId));
        inside = heard;
      }),
    );
    expect(committed).toBe(1);
    expect(inside).toBe(heard - 1);

    const rolledBack = await notices(() =>
      db
        .transaction(async (tx) => {
          await tx.update(users).set({ lastName: 'Never' }).where(eq(users.id, userId));
          throw new Error('no');
        })
        .catch(() => undefined),
    );
    expect(rolledBack).toBe(0);
  });

  it('comes for plain SQL too, written any way PostgreSQL reads it', async () => {
    expect(
      await notices(() => database.db.execute(sql`UPDATE public.users SET phone = '1' WHERE id = ${userId}`)),
    ).toBe(1);
    expect(await notices(() => database.executeSql('update "users" set phone = $1 where id = $2', ['2', userId]))).toBe(
      1,
    );
    // Not the table: a longer name, or one that reads it.
    expect(await notices(() => database.executeSql('select * from users where id = $1 for update', [userId]))).toBe(0);
  });

  it('says whose rows changed when the writer did, alone or across a transaction, and nothing otherwise', async () => {
    const { db } = database;
    const scopes: (RowScope | undefined)[] = [];
    const unwatch = database.onRowsChanged([{ name: 'users' }], (scope) => {
      scopes.push(scope);
    });
    try {
      const rename = (name: string) => db.update(users).set({ lastName: name }).where(eq(users.id, userId));
      await database.scopeRows({ users: [userId, 7] }, () => rename('A'));
      await rename('B');
      // Every change of a transaction scoped: the people together.
      await db.transaction(async (tx) => {
        await database.scopeRows({ users: [userId] }, () =>
          tx.update(users).set({ lastName: 'C' }).where(eq(users.id, userId)),
        );
        await database.scopeRows({ users: [9] }, () =>
          tx.update(users).set({ lastName: 'D' }).where(eq(users.id, userId)),
        );
      });
      // One change without a scope: the transaction's notice cannot say.
      await db.transaction(async (tx) => {
        await database.scopeRows({ users: [userId] }, () =>
          tx.update(users).set({ lastName: 'E' }).where(eq(users.id, userId)),
        );
        await tx.update(users).set({ lastName: 'F' }).where(eq(users.id, userId));
      });
      // A whole scoped transaction, as the meetings' confirmation runs.
      await database.scopeRows({ users: [userId, 11] }, () =>
        db.transaction(async (tx) => {
          await tx.update(users).set({ lastName: 'G' }).where(eq(users.id, userId));
        }),
      );
      // Work begun inside a scope that writes after it settled claims nothing.
      let later: Promise<unknown> | undefined;
      await database.scopeRows({ users: [userId] }, () => {
        later = new Promise((resolve) => setTimeout(resolve, 20)).then(() => rename('H'));
      });
      await later;
      expect(scopes).toEqual([
        { users: [userId, 7] },
        undefined,
        { users: [userId, 9] },
        undefined,
        { users: [userId, 11] },
        undefined,
      ]);
    } finally {
      unwatch();
    }
  });

  it('stops when asked', async () => {
    stop();
    expect(await notices(() => database.db.update(users).set({ phone: '3' }).where(eq(users.id, userId)))).toBe(0);
  });
});
