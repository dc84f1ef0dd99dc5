import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, Conversation, Report, ReportCreated, ReportList } from '@app/shared/schemas/chat';
import type { ErrorBody } from '@app/shared/errors';
import { COMPLETE_ADULT, createTestApp, insertUser, type TestApp } from '../../../test/app';

/** Reports: anyone signed in files one; admins and moderators read the queue; admins decide. */

interface TestUser {
  id: number;
  headers: Record<string, string>;
}

let t: TestApp;
let admin: TestUser;
let moderator: TestUser;

async function user(role: 'user' | 'moderator' | 'admin' = 'user'): Promise<TestUser> {
  const row = await insertUser(t.database, {
    role,
    domain: `u${crypto.randomBytes(5).toString('hex')}`,
    // Reports are of chat messages, and chat is for adults with a complete profile.
    ...COMPLETE_ADULT,
  });
  return { id: row.id, headers: { authorization: `Bearer ${await t.app.tokens.sign(row.id)}` } };
}

async function call<T>(method: 'GET' | 'POST' | 'PATCH', url: string, who: TestUser | null, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url: `/api${url}`,
    headers: who?.headers ?? {},
    ...(payload !== undefined && { payload: payload as object }),
  });
  return { status: res.statusCode, body: res.json() as T };
}

const report = (who: TestUser, payload: Record<string, unknown>) =>
  call<ReportCreated & ErrorBody>('POST', '/report', who, payload);

async function messageFrom(from: TestUser, to: TestUser, text = 'buy my course') {
  const conversation = (await call<Conversation>('POST', '/chat/conversations', from, { userId: to.id })).body;
  return (
    await call<ChatMessage>('POST', `/chat/conversations/${conversation.id}/messages`, from, {
      clientMessageId: crypto.randomUUID(),
      text,
    })
  ).body;
}

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MAX: '100000', RATE_LIMIT_AUTH_MAX: '10000' } });
  admin = await user('admin');
  moderator = await user('moderator');
});
afterAll(() => t?.close());

describe('filing a report', () => {
  it('stores a report as OPEN, with an optional comment and message', async () => {
    const [reporter, offender] = [await user(), await user()];
    const plain = await report(reporter, { userId: offender.id, reason: 'fake' });
    expect(plain).toMatchObject({ status: 200, body: { status: 'OPEN' } });

    const message = await messageFrom(offender, reporter, 'send me your seed');
    const withMessage = await report(reporter, {
      userId: offender.id,
      reason: 'scam',
      comment: '  asked for my seed  ',
      messageId: message.id,
    });
    expect(withMessage.status).toBe(200);
    const listed = (await call<ReportList>('GET', '/report/list?limit=100', admin)).body.items.find(
      (r) => r.id === withMessage.body.id,
    )!;
    expect(listed).toMatchObject({
      reporter: { id: reporter.id },
      user: { id: offender.id },
      reason: 'scam',
      comment: 'asked for my seed',
      message: { id: message.id, text: 'send me your seed' },
      status: 'OPEN',
      note: null,
      resolvedBy: null,
    });
  });

  it('refuses bad input, oneself, unknown users and messages the reporter did not receive from that user', async () => {
    const [reporter, offender, other] = [await user(), await user(), await user()];
    expect((await report(reporter, { userId: offender.id, reason: 'rude' })).body.code).toBe('VALIDATION_ERROR');
    expect((await report(reporter, { reason: 'spam' })).body.code).toBe('VALIDATION_ERROR');
    expect(
      (await report(reporter, { userId: offender.id, reason: 'other', comment: 'x'.repeat(1001) })).body,
    ).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: [{ path: 'comment', key: 'msg.max-length?n=1000' }],
    });
    expect((await report(reporter, { userId: reporter.id, reason: 'spam' })).body).toMatchObject({
      statusCode: 400,
      code: 'SELF_ACTION_NOT_ALLOWED',
    });
    expect((await report(reporter, { userId: 99_999_999, reason: 'spam' })).status).toBe(404);

    // A message between two other people, the reporter's own message, or one from someone else.
    const theirs = await messageFrom(offender, other);
    expect((await report(reporter, { userId: offender.id, reason: 'spam', messageId: theirs.id })).status).toBe(404);
    const own = await messageFrom(reporter, offender);
    expect((await report(reporter, { userId: offender.id, reason: 'spam', messageId: own.id })).status).toBe(404);
    const fromOther = await messageFrom(other, reporter);
    expect((await report(reporter, { userId: offender.id, reason: 'spam', messageId: fromOther.id })).status).toBe(404);
    expect((await report(reporter, { userId: offender.id, reason: 'spam', messageId: 99_999_999 })).status).toBe(404);

    expect((await call<ErrorBody>('POST', '/report', null, { userId: offender.id, reason: 'spam' })).status).toBe(401);
  });
});

describe('the report queue', () => {
  it('is for admins and moderators only', async () => {
    const plainUser = await user();
    expect((await call<ErrorBody>('GET', '/report/list', null)).body.code).toBe('AUTH_REQUIRED');
    expect((await call<ErrorBody>('GET', '/report/list', plainUser)).body).toMatchObject({
      statusCode: 403,
      code: 'FORBIDDEN',
    });
    expect((await call<ReportList>('GET', '/report/list', moderator)).status).toBe(200);
    expect((await call<ReportList>('GET', '/report/list', admin)).status).toBe(200);
  });

  it('pages newest first and filters by status', async () => {
    const before = (await call<ReportList>('GET', '/report/list', admin)).body.total;
    const [reporter, offender] = [await user(), await user()];
    const ids: number[] = [];
    for (const reason of ['spam', 'scam', 'harassment', 'fake', 'underage'] as const)
      ids.push((await report(reporter, { userId: offender.id, reason })).body.id);

    const first = (await call<ReportList>('GET', '/report/list?offset=0&limit=2', moderator)).body;
    expect(first.total).toBe(before + 5);
    expect(first.items.map((r) => r.id)).toEqual([ids[4], ids[3]]);
    const second = (await call<ReportList>('GET', '/report/list?offset=2&limit=2', moderator)).body;
    expect(second.items.map((r) => r.id)).toEqual([ids[2], ids[1]]);

    await call('PATCH', `/report/${ids[0]}`, admin, { status: 'DISMISSED' });
    const dismissed = (await call<ReportList>('GET', '/report/list?status=DISMISSED', admin)).body;
    expect(dismissed.items.map((r) => r.id)).toContain(ids[0]);
    expect(dismissed.items.every((r) => r.status === 'DISMISSED')).toBe(true);
    const open = (await call<ReportList>('GET', '/report/list?status=OPEN&limit=100', admin)).body;
    expect(open.items.map((r) => r.id)).not.toContain(ids[0]);
    expect(open.total).toBe(before + 4);

    for (const query of ['limit=0', 'limit=101', 'offset=-1', 'status=CLOSED']) {
      expect((await call<ErrorBody>('GET', `/report/list?${query}`, admin)).body.code, query).toBe('VALIDATION_ERROR');
    }
  });

  it('lets admins, not moderators, resolve or dismiss a report with a note', async () => {
    const [reporter, offender] = [await user(), await user()];
    const { id } = (await report(reporter, { userId: offender.id, reason: 'harassment' })).body;

    expect((await call<ErrorBody>('PATCH', `/report/${id}`, moderator, { status: 'RESOLVED' })).status).toBe(403);
    expect((await call<ErrorBody>('PATCH', `/report/${id}`, reporter, { status: 'RESOLVED' })).status).toBe(403);
    expect((await call<ErrorBody>('PATCH', `/report/${id}`, null, { status: 'RESOLVED' })).status).toBe(401);
    expect((await call<ErrorBody>('PATCH', `/report/${id}`, admin, { status: 'OPEN' })).body.code).toBe(
      'VALIDATION_ERROR',
    );
    expect((await call<ErrorBody>('PATCH', '/report/99999999', admin, { status: 'RESOLVED' })).status).toBe(404);

    const resolved = await call<Report>('PATCH', `/report/${id}`, admin, {
      status: 'RESOLVED',
      note: 'warned the user',
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({
      id,
      status: 'RESOLVED',
      note: 'warned the user',
      resolvedBy: admin.id,
      user: { id: offender.id },
    });
    expect(resolved.body.resolvedAt).toEqual(expect.any(String));
  });
});
