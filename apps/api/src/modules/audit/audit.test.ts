import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { AuditPage } from '@app/shared/schemas/audit';
import { createTestApp, type TestApp } from '../../../test/app';
import { call, insertStaff } from '../../../test/kits/kyc';
import { auditLog } from '../../db/schema';
import { recordAudit } from './record-audit';

describe('audit log', () => {
  let t: TestApp;
  let admin: { id: number; email: string };
  let other: { id: number; email: string };

  const list = async (query: string) => {
    const response = await call(t, admin.id, 'GET', `/api/control/audit${query}`);
    expect(response.statusCode).toBe(200);
    return response.json() as AuditPage;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await insertStaff(t, 'admin');
    other = await insertStaff(t, 'admin');
    const at = (iso: string) => sql`${iso}::timestamptz`;
    // Written as the actions write them; the times are set so the period filter has something to cut.
    await t.database.db.insert(auditLog).values([
      {
        actorId: admin.id,
        actorRole: 'admin',
        action: 'news.publish',
        targetType: 'news',
        targetId: '1',
        before: { status: 'DRAFT' },
        after: { status: 'PUBLISHED' },
        ip: '10.0.0.1',
        requestId: 'req-1',
        createdAt: at('2026-01-10T10:00:00Z') as never,
      },
      {
        actorId: admin.id,
        actorRole: 'admin',
        action: 'kyc.decide',
        targetType: 'kyc_application',
        targetId: '5',
        reason: 'blurry',
        createdAt: at('2026-02-10T10:00:00Z') as never,
      },
      {
        actorId: other.id,
        actorRole: 'admin',
        action: 'kyc.document.view',
        targetType: 'kyc_application',
        targetId: '5',
        createdAt: at('2026-03-10T10:00:00Z') as never,
      },
    ]);
    await recordAudit(t.database.db, { actorId: null, action: 'job.retry', targetType: 'job', targetId: 'x' });
  });
  afterAll(() => t.close());

  it('is refused to a person and to a moderator', async () => {
    for (const who of [await insertStaff(t, 'user'), await insertStaff(t, 'moderator', 'GOLD')]) {
      const response = await call(t, who.id, 'GET', '/api/control/audit');
      expect(response.statusCode).toBe(403);
    }
  });

  it('lists newest first with role, IP, request id, before and after, and pages on the server', async () => {
    const period = `to=${encodeURIComponent('2026-06-01T00:00:00Z')}`;
    const first = await list(`?${period}&limit=2`);
    expect(first.total).toBe(3);
    expect(first.entries.map((e) => e.action)).toEqual(['kyc.document.view', 'kyc.decide']);
    const next = await list(`?${period}&limit=2&offset=2`);
    expect(next.entries.map((e) => e.action)).toEqual(['news.publish']);
    expect((await list('?action=job.retry')).entries[0]).toMatchObject({ actorId: null, actorRole: 'system' });
    expect(next.entries[0]).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      actorRole: 'admin',
      ip: '10.0.0.1',
      requestId: 'req-1',
      before: { status: 'DRAFT' },
      after: { status: 'PUBLISHED' },
    });
  });

  it('filters by actor (id or e-mail), action or its prefix, target and period', async () => {
    const actions = async (query: string) => (await list(query)).entries.map((e) => e.action);
    expect(await actions(`?actor=${other.id}`)).toEqual(['kyc.document.view']);
    expect(await actions(`?actor=${encodeURIComponent(admin.email.toUpperCase())}`)).toEqual([
      'kyc.decide',
      'news.publish',
    ]);
    expect(await actions('?action=kyc.')).toEqual(['kyc.document.view', 'kyc.decide']);
    expect(await actions('?action=kyc.decide')).toEqual(['kyc.decide']);
    expect(await actions('?action=kyc')).toEqual([]);
    expect(await actions('?targetType=kyc_application&targetId=5')).toEqual(['kyc.document.view', 'kyc.decide']);
    expect(
      await actions(
        `?from=${encodeURIComponent('2026-02-01T00:00:00Z')}&to=${encodeURIComponent('2026-03-01T00:00:00Z')}`,
      ),
    ).toEqual(['kyc.decide']);
    expect((await list('?action=kyc.&limit=1')).total).toBe(2);
  });

  it('refuses a period that ends before it starts, and a malformed date', async () => {
    const backwards = await call(
      t,
      admin.id,
      'GET',
      '/api/control/audit?from=2026-03-01T00:00:00Z&to=2026-02-01T00:00:00Z',
    );
    expect(backwards.statusCode).toBe(400);
    expect((await call(t, admin.id, 'GET', '/api/control/audit?from=yesterday')).statusCode).toBe(400);
  });

  it('the database refuses to change or delete an entry', async () => {
    const [row] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'news.publish'));
    const refusal = (error: Error & { cause?: Error }) => `${error.message} ${error.cause?.message ?? ''}`;
    const update = await t.database.db
      .update(auditLog)
      .set({ action: 'news.delete' })
      .where(eq(auditLog.id, row!.id))
      .then(() => null, refusal);
    expect(update).toMatch(/audit_log is append-only/);
    const remove = await t.database.db
      .delete(auditLog)
      .where(eq(auditLog.id, row!.id))
      .then(() => null, refusal);
    expect(remove).toMatch(/audit_log is append-only/);
    const [after] = await t.database.db.select().from(auditLog).where(eq(auditLog.id, row!.id));
    expect(after!.action).toBe('news.publish');
  });

  it('has no update or delete path in the code: entries are only ever inserted', () => {
    const root = path.resolve(__dirname, '../..');
    const sources: string[] = [];
    const visit = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) visit(file);
        else if (file.endsWith('.ts') && !file.endsWith('.test.ts')) sources.push(file);
      }
    };
    visit(root);
    const changes = /\.(update|delete)\(\s*auditLog\b|\b(update|delete\s+from|truncate)\s+"?audit_log\b/i;
    expect(sources.length).toBeGreaterThan(100);
    expect(
      sources.filter((file) => changes.test(fs.readFileSync(file, 'utf8'))).map((f) => path.relative(root, f)),
    ).toEqual([]);
  });
});
