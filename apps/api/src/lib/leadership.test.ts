import { afterEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { Database } from '../db/client';
import { createTestDatabase } from '../../test/database';
import { until } from '../../test/until';
import { createLeadership, type Leadership } from './leadership';

const log = { info() {}, error() {} };
const KEY = 911_000_001;

describe('leadership of the single-writer workers', () => {
  const open: { leaders: Leadership[]; database?: Database } = { leaders: [] };
  afterEach(async () => {
    for (const leader of open.leaders.splice(0)) await leader.stop();
    await open.database?.close();
    open.database = undefined;
  });

  function candidate(database: Database, events: string[], name: string) {
    const leader = createLeadership({
      database,
      key: KEY,
      retryMs: 200,
      onLead: () => void events.push(`${name} leads`),
      onLose: () => void events.push(`${name} stops`),
      log,
    });
    open.leaders.push(leader);
    return leader;
  }

  it.runIf(!process.env.DATABASE_URL)('on PGlite the one process leads at once', async () => {
    open.database = await createTestDatabase();
    const events: string[] = [];
    const only = candidate(open.database, events, 'a');
    only.start();
    await until(() => only.isLeader());
    expect(events).toEqual(['a leads']);
  });

  it.runIf(!!process.env.DATABASE_URL)(
    'on PostgreSQL one of three leads; when its connection dies another takes over',
    async () => {
      open.database = await createTestDatabase();
      const events: string[] = [];
      const [a, b, c] = ['a', 'b', 'c'].map((name) => candidate(open.database!, events, name));
      a!.start();
      await until(() => a!.isLeader());
      b!.start();
      c!.start();
      await new Promise((r) => setTimeout(r, 800));
      expect([a!.isLeader(), b!.isLeader(), c!.isLeader()]).toEqual([true, false, false]);

      // The leader's process dies: the server ends its connection and with it the lock.
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(
        `select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and objid = $1 and granted`,
        [KEY],
      );
      await admin.end();
      await until(() => b!.isLeader() || c!.isLeader());
      await until(() => !a!.isLeader());
      await new Promise((r) => setTimeout(r, 800));
      expect([b!.isLeader(), c!.isLeader()].filter(Boolean)).toHaveLength(1);
      expect(events[0]).toBe('a leads');
      expect(events).toContain('a stops');
    },
  );
});
