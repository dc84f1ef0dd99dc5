import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { ErrorBody } from '@app/shared/errors';
import { errorsRu } from '@app/shared/locales/ru';
import type { Conversation, ChatMessage, Report, ReportList } from '@app/shared/schemas/chat';
import type { PeopleList, PersonDetail } from '@app/shared/schemas/people-control';
import { auditLog, hands, outbox, reports, sessions, staffLevels, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/app';
import { until } from '../../../test/until';
import { adult, away, listen, MOSCOW, next, online, raise, watch, type TestUser } from '../../../test/kits/hands';

/**
 * The admin area's reports and people: who may do what, the queue's order, and what a block does
 * (sessions end, sockets close, the hand leaves watchers' maps), each action with its audit row.
 */

let t: TestApp;
let url: string;
let admin: TestUser;
let moderator: TestUser;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MAX: '100000', RATE_LIMIT_AUTH_MAX: '10000' } });
  url = await listen(t.app);
  admin = await adult(t.app, t.database, { role: 'admin' });
  moderator = await adult(t.app, t.database, { role: 'moderator' });
});
afterAll(() => t?.close());

const person = () => adult(t.app, t.database, { domain: `p${crypto.randomBytes(5).toString('hex')}` });

async function call<T>(method: 'GET' | 'POST' | 'PUT', path: string, who: TestUser | null, payload?: object) {
  const res = await t.app.inject({ method, url: `/api${path}`, headers: who?.headers ?? {}, payload });
  return { status: res.statusCode, body: res.json() as T };
}

async function say(from: TestUser, to: TestUser, text: string): Promise<ChatMessage> {
  const conversation = (await call<Conversation>('POST', '/chat/conversations', from, { userId: to.id })).body;
  return (
    await call<ChatMessage>('POST', `/chat/conversations/${conversation.id}/messages`, from, {
      clientMessageId: crypto.randomUUID(),
      text,
    })
  ).body;
}

const fileReport = async (reporter: TestUser, offender: TestUser, extra: object = {}) =>
  (await call<{ id: number }>('POST', '/report', reporter, { userId: offender.id, reason: 'spam', ...extra })).body.id;

const auditOf = (action: string, targetId: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(targetId))));
const reportRow = async (id: number) => (await t.database.db.select().from(reports).where(eq(reports.id, id)))[0]!;
const userRow = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('who may act', () => {
  it('refuses people screens to users and moderators, report decisions to moderators', async () => {
    const [somebody, target] = [await person(), await person()];
    const reportId = await fileReport(somebody, target);
    const reason = { reason: 'test' };
    const peopleRoutes: [method: 'GET' | 'POST' | 'PUT', path: string, body?: object][] = [
      ['GET', '/control/people'],
      ['GET', `/control/people/${target.id}`],
      ['POST', `/control/people/${target.id}/block`, reason],
      ['POST', `/control/people/${target.id}/unblock`, reason],
      ['PUT', `/control/people/${target.id}/role`, { role: 'moderator', level: 'GOLD', reason: 'x' }],
    ];
    for (const [method, path, body] of peopleRoutes) {
      expect((await call<ErrorBody>(method, path, null, body)).status, path).toBe(401);
      expect((await call<ErrorBody>(method, path, somebody, body)).body.code, path).toBe('FORBIDDEN');
      expect((await call<ErrorBody>(method, path, moderator, body)).body.code, path).toBe('FORBIDDEN');
    }
    for (const action of ['dismiss', 'warn', 'block']) {
      const path = `/report/${reportId}/${action}`;
      expect((await call<ErrorBody>('POST', path, somebody, reason)).body.code, path).toBe('FORBIDDEN');
      expect((await call<ErrorBody>('POST', path, moderator, reason)).body.code, path).toBe('FORBIDDEN');
    }
    expect((await call<ErrorBody>('POST', `/report/${reportId}/assign`, somebody, {})).body.code).toBe('FORBIDDEN');
    // Nothing above changed anything.
    expect(await reportRow(reportId)).toMatchObject({ status: 'OPEN', assignedToId: null });
    expect((await userRow(target.id)).blockedAt).toBeNull();
    expect((await userRow(target.id)).role).toBe('user');

    // Moderators read the queue and take reports.
    const taken = await call<Report>('POST', `/report/${reportId}/assign`, moderator, {});
    expect(taken).toMatchObject({ status: 200, body: { status: 'ASSIGNED', assignedTo: moderator.id } });
    const [row] = await auditOf('report.assign', reportId);
    expect(row).toMatchObject({
      actorId: moderator.id,
      actorRole: 'moderator',
      before: { status: 'OPEN', assignedTo: null },
      after: { status: 'ASSIGNED', assignedTo: moderator.id },
    });
    const assigned = (await call<ReportList>('GET', '/report/list?status=ASSIGNED&limit=100', moderator)).body;
    expect(assigned.items.map((r) => r.id)).toContain(reportId);
  });
});

describe('the queue', () => {
  it('puts the person with the most waiting reports first and shows the message among its neighbours', async () => {
    const [a, b, c, many, one] = [await person(), await person(), await person(), await person(), await person()];
    await say(a, many, 'hi');
    const bad = await say(many, a, 'send me your seed phrase');
    await say(many, a, 'now');
    await say(a, many, 'no');
    for (const reporter of [b, c]) await fileReport(reporter, many);
    const withMessage = await fileReport(a, many, { messageId: bad.id, reason: 'scam' });
    // Newer, but about someone with a single report.
    const single = await fileReport(a, one);

    const queue = (await call<ReportList>('GET', '/report/list?status=OPEN&limit=100', admin)).body.items;
    const position = (id: number) => queue.findIndex((r) => r.id === id);
    expect(position(withMessage)).toBeLessThan(position(single));
    const shown = queue[position(withMessage)]!;
    expect(shown.openReportsOnUser).toBe(3);
    expect(shown.context.map((m) => m.text)).toEqual(['hi', 'send me your seed phrase', 'now', 'no']);
    expect(shown.context.map((m) => m.senderId)).toEqual([a.id, many.id, many.id, a.id]);
    expect(shown).toMatchObject({ reporter: { id: a.id }, user: { id: many.id }, reason: 'scam', userBlocked: false });

    // Decided reports read newest first.
    const dismissed = await call<Report>('POST', `/report/${single}/dismiss`, admin, { reason: 'not spam' });
    expect(dismissed.body).toMatchObject({ status: 'DISMISSED', note: 'not spam', resolvedBy: admin.id });
    expect((await auditOf('report.dismiss', single))[0]).toMatchObject({
      actorId: admin.id,
      actorRole: 'admin',
      reason: 'not spam',
      before: { status: 'OPEN' },
      after: { status: 'DISMISSED' },
    });
  });
});

describe('deciding', () => {
  it('refuses bad input with translated errors and changes nothing', async () => {
    const [reporter, offender] = [await person(), await person()];
    const id = await fileReport(reporter, offender);
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 'a\u0000b' }]) {
      const answer = await call<ErrorBody>('POST', `/report/${id}/block`, admin, body);
      expect(answer.body.code).toBe('VALIDATION_ERROR');
      expect(answer.body.fields?.[0]?.path).toBe('reason');
    }
    expect((await call<ErrorBody>('POST', '/report/99999999/dismiss', admin, { reason: 'x' })).status).toBe(404);
    expect(await reportRow(id)).toMatchObject({ status: 'OPEN', note: null });
    expect((await userRow(offender.id)).blockedAt).toBeNull();
    expect(await auditOf('user.block', offender.id)).toEqual([]);

    await call('POST', `/report/${id}/dismiss`, admin, { reason: 'fine' });
    const again = await call<ErrorBody>('POST', `/report/${id}/warn`, admin, { reason: 'late' });
    expect(again.body).toMatchObject({ statusCode: 409, code: 'REPORT_CLOSED' });
    expect(await reportRow(id)).toMatchObject({ status: 'DISMISSED', note: 'fine' });

    // Every code these screens answer has its Russian text.
    for (const code of ['REPORT_CLOSED', 'ACCOUNT_ALREADY_BLOCKED', 'ACCOUNT_NOT_BLOCKED', 'ADMIN_NOT_BLOCKABLE'])
      expect(errorsRu[code as keyof typeof errorsRu], code).toBeTruthy();
  });

  it('warns by push and mail, in the same transaction as its audit row', async () => {
    const [reporter, offender] = [await person(), await person()];
    const id = await fileReport(reporter, offender);
    const socket = await online(url, offender);
    const pushed = next(socket, 'notification', (item) => item.text === 'notifications.accountWarning');
    const warned = await call<Report>('POST', `/report/${id}/warn`, admin, { reason: 'Please stop sending links' });
    expect(warned.body).toMatchObject({ status: 'RESOLVED', note: 'Please stop sending links' });
    expect((await auditOf('report.warn', id))[0]).toMatchObject({ reason: 'Please stop sending links' });
    await t.services.events.relay();
    expect((await pushed).values).toEqual({ warning: 'Please stop sending links' });
    const email = (await userRow(offender.id)).email;
    const mail = await until(async () =>
      (await t.database.db.select().from(outbox).where(eq(outbox.to, email))).find(
        (m) => m.template === 'account_warned',
      ),
    );
    expect(mail.text).toContain('Please stop sending links');
    socket.disconnect();
  });

  it('blocks from a report: sessions end, sockets close, the hand leaves the map, waiting reports close', async () => {
    const [reporter, second, offender] = [await person(), await person(), await person()];
    const here = away(MOSCOW, 200, 900_000);
    const watcher = await person();
    const watching = await online(url, watcher);
    expect(await watch(watching, { lat: here.lat, lng: here.lng, radius: 5_000 })).toBe(true);
    const shown = next(watching, 'hand:update', (card) => card.userId === offender.id);
    expect((await raise(t.app, offender, away(here, 10, 500))).status).toBe(200);
    await shown;

    const offenderSocket = await online(url, offender);
    const revoked = new Promise<string>((resolve) => offenderSocket.once('session:revoked', resolve));
    const closed = new Promise<void>((resolve) => offenderSocket.once('disconnect', () => resolve()));
    const removed = next(watching, 'hand:remove', (gone) => gone.userId === offender.id);

    const id = await fileReport(reporter, offender);
    const other = await fileReport(second, offender);
    const blocked = await call<Report>('POST', `/report/${id}/block`, admin, { reason: 'Scam links to many people' });
    expect(blocked.body).toMatchObject({ status: 'RESOLVED', userBlocked: true, openReportsOnUser: 0 });
    expect(await revoked).toBe('blocked');
    await closed;
    await t.services.events.relay();
    await removed;
    expect(await t.database.db.select().from(hands).where(eq(hands.userId, offender.id))).toEqual([]);

    const live = await t.database.db.select().from(sessions).where(eq(sessions.userId, offender.id));
    expect(live.every((s) => s.endedReason === 'blocked')).toBe(true);
    expect((await call<ErrorBody>('GET', '/user/me', offender)).status).toBe(401);
    expect(await reportRow(other)).toMatchObject({ status: 'RESOLVED' });
    const [block] = await auditOf('user.block', offender.id);
    expect(block).toMatchObject({
      actorId: admin.id,
      actorRole: 'admin',
      before: { blockedAt: null },
      reason: 'Scam links to many people',
      details: { reportId: id },
    });
    expect(block!.after).toEqual({ blockedAt: expect.any(String) });
    expect(await auditOf('report.resolve', id)).toHaveLength(1);

    expect(
      (await call<ErrorBody>('POST', `/control/people/${offender.id}/block`, admin, { reason: 'x' })).body.code,
    ).toBe('ACCOUNT_ALREADY_BLOCKED');
    watching.disconnect();
  });
});

describe('people', () => {
  it('finds people by id, e-mail, nickname and name, and shows a person', async () => {
    const somebody = await adult(t.app, t.database, {
      domain: `Zed${crypto.randomBytes(3).toString('hex')}`,
      firstName: 'Zinaida',
      lastName: `Quux${crypto.randomBytes(3).toString('hex')}`,
    });
    const row = await userRow(somebody.id);
    for (const q of [
      String(row.id),
      row.email.toUpperCase(),
      row.domain!.toLowerCase(),
      row.lastName!,
      `Zinaida ${row.lastName}`,
    ]) {
      const found = (await call<PeopleList>('GET', `/control/people?q=${encodeURIComponent(q)}`, admin)).body;
      expect(found.items[0]?.id, q).toBe(row.id);
    }
    expect((await call<PeopleList>('GET', '/control/people?q=%25', admin)).body.items.map((p) => p.id)).not.toContain(
      row.id,
    );
    expect((await call<ErrorBody>('GET', '/control/people?limit=0', admin)).body.code).toBe('VALIDATION_ERROR');

    const detail = (await call<PersonDetail>('GET', `/control/people/${row.id}`, admin)).body;
    expect(detail.person).toMatchObject({ id: row.id, email: row.email, role: 'user', blockedAt: null });
    expect(detail.wallet).toEqual({ address: null, available: '0', escrow: '0', withdrawing: '0' });
    expect(detail.sessions.length).toBeGreaterThan(0);
    expect(detail.kyc).toEqual({ application: null, history: [] });
    expect((await call<ErrorBody>('GET', '/control/people/99999999', admin)).status).toBe(404);
  });

  it('blocks and unblocks, and sets a role with a level, each with its audit row', async () => {
    const target = await person();
    expect((await call('POST', `/control/people/${target.id}/unblock`, admin, { reason: 'x' })).body).toMatchObject({
      code: 'ACCOUNT_NOT_BLOCKED',
    });
    expect((await call('POST', `/control/people/${admin.id}/block`, admin, { reason: 'x' })).body).toMatchObject({
      code: 'SELF_ACTION_NOT_ALLOWED',
    });
    const otherAdmin = await adult(t.app, t.database, { role: 'admin' });
    expect((await call('POST', `/control/people/${otherAdmin.id}/block`, admin, { reason: 'x' })).body).toMatchObject({
      code: 'ADMIN_NOT_BLOCKABLE',
    });

    expect((await call('POST', `/control/people/${target.id}/block`, admin, { reason: 'Fake profile' })).status).toBe(
      200,
    );
    expect((await userRow(target.id)).blockedAt).not.toBeNull();
    expect(
      (await call('POST', `/control/people/${target.id}/unblock`, admin, { reason: 'Appeal accepted' })).status,
    ).toBe(200);
    expect((await userRow(target.id)).blockedAt).toBeNull();
    expect((await auditOf('user.unblock', target.id))[0]).toMatchObject({
      reason: 'Appeal accepted',
      after: { blockedAt: null },
    });

    for (const body of [
      { role: 'moderator', reason: 'x' },
      { role: 'user', level: 'GOLD', reason: 'x' },
      { role: 'owner', reason: 'x' },
      { role: 'admin' },
    ]) {
      expect((await call<ErrorBody>('PUT', `/control/people/${target.id}/role`, admin, body)).body.code).toBe(
        'VALIDATION_ERROR',
      );
    }
    expect(
      (await call<ErrorBody>('PUT', `/control/people/${admin.id}/role`, admin, { role: 'user', reason: 'x' })).body
        .code,
    ).toBe('SELF_ACTION_NOT_ALLOWED');
    expect((await userRow(target.id)).role).toBe('user');

    const set = await call('PUT', `/control/people/${target.id}/role`, admin, {
      role: 'moderator',
      level: 'GOLD',
      reason: 'Joins the KYC team',
    });
    expect(set.status).toBe(200);
    expect((await userRow(target.id)).role).toBe('moderator');
    expect(
      await t.database.db
        .select()
        .from(staffLevels)
        .where(inArray(staffLevels.userId, [target.id])),
    ).toHaveLength(1);
    expect((await auditOf('staff.role', target.id))[0]).toMatchObject({
      actorId: admin.id,
      actorRole: 'admin',
      reason: 'Joins the KYC team',
      before: { role: 'user', level: null },
      after: { role: 'moderator', level: 'GOLD' },
    });
    const listed = (await call<PeopleList>('GET', `/control/people?q=${target.id}`, admin)).body.items[0];
    expect(listed).toMatchObject({ role: 'moderator', level: 'GOLD' });
  });
});
