import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { and, eq } from 'drizzle-orm';
import type {
  ChatMessage,
  ChatRead,
  ChatTyping,
  Conversation,
  ConversationList,
  MessageList,
  ReadResult,
} from '@app/shared/schemas/chat';
import type { ClientToServerEvents, PushItem, ServerToClientEvents } from '@app/shared/socket-events';
import type { ErrorBody } from '@app/shared/errors';
import { COMPLETE_ADULT, createTestApp, insertUser, type TestApp } from '../../../test/app';
import { chatMessages } from '../../db/schema';
import { blockedIds, isBlockedEitherWay } from '../people/blocks';

/**
 * The chat over HTTP and the socket: conversations, messages (idempotent under concurrency, live,
 * offline), history paging, scam warnings, read receipts, typing and unread counts.
 */

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
interface TestUser {
  id: number;
  domain: string;
  headers: Record<string, string>;
  token: string;
}

let t: TestApp;
let url: string;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MAX: '100000', RATE_LIMIT_AUTH_MAX: '10000' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  url = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await t?.close();
});

async function user(values: Parameters<typeof insertUser>[1] = {}): Promise<TestUser> {
  const domain = `u${crypto.randomBytes(5).toString('hex')}`;
  // Chat is for adults with a complete profile (the meet gate).
  const row = await insertUser(t.database, { domain, ...COMPLETE_ADULT, firstName: 'Ann', ...values });
  const token = await t.app.tokens.sign(row.id);
  return { id: row.id, domain, token, headers: { authorization: `Bearer ${token}` } };
}

async function call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, who: TestUser | null, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url: `/api/chat${path}`,
    headers: who?.headers ?? {},
    ...(payload !== undefined && { payload: payload as object }),
  });
  return { status: res.statusCode, body: res.json() as T };
}

const start = async (a: TestUser, b: TestUser) =>
  (await call<Conversation>('POST', '/conversations', a, { userId: b.id })).body;
const send = (from: TestUser, conversationId: number, text: string, clientMessageId: string = crypto.randomUUID()) =>
  call<ChatMessage & Partial<ErrorBody>>('POST', `/conversations/${conversationId}/messages`, from, {
    clientMessageId,
    text,
  });
const unread = async (who: TestUser) => (await call<{ total: number }>('GET', '/unread', who)).body.total;

async function online(who: TestUser): Promise<ClientSocket> {
  const socket = connect(url, {
    path: '/socket.io',
    reconnection: false,
    forceNew: true,
    transports: ['websocket'],
    auth: { accessKey: who.token },
  });
  sockets.push(socket);
  await new Promise((resolve) => socket.once('session:ready', resolve));
  return socket;
}

function next<E extends keyof ServerToClientEvents>(
  socket: ClientSocket,
  event: E,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within 3 s`)), 3000);
    socket.once(event, ((payload: Parameters<ServerToClientEvents[E]>[0]) => {
      clearTimeout(timer);
      resolve(payload);
    }) as never);
  });
}

/** Everything of an event a socket receives from now on. */
function record<E extends keyof ServerToClientEvents>(
  socket: ClientSocket,
  event: E,
): Parameters<ServerToClientEvents[E]>[0][] {
  const seen: Parameters<ServerToClientEvents[E]>[0][] = [];
  socket.on(event, ((payload: Parameters<ServerToClientEvents[E]>[0]) => seen.push(payload)) as never);
  return seen;
}

/** A round trip: whatever the server emitted to this socket before it has arrived by now. */
const settled = (socket: ClientSocket) => socket.timeout(3000).emitWithAck('ping');

const WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';

describe('conversations', () => {
  it('is one per pair, whoever starts it and however many start it at once', async () => {
    const [a, b] = [await user(), await user()];
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => call<Conversation>('POST', '/conversations', a, { userId: b.id })),
      ...Array.from({ length: 5 }, () => call<Conversation>('POST', '/conversations', b, { userId: a.id })),
    ]);
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    const fromA = results[0]!.body;
    expect(fromA).toMatchObject({
      peer: { id: b.id, domain: b.domain, firstName: 'Ann', avatar: null, verified: false },
      lastMessage: null,
      unread: 0,
      blocked: false,
    });
    expect(fromA.peer).not.toHaveProperty('email');
    expect(results[5]!.body.peer.id).toBe(a.id);
  });

  it('refuses oneself, unknown and deleted users, and anonymous callers', async () => {
    const a = await user();
    const deleted = await user({ deletedAt: new Date() });
    const self = await call<ErrorBody>('POST', '/conversations', a, { userId: a.id });
    expect(self).toMatchObject({ status: 400, body: { code: 'SELF_ACTION_NOT_ALLOWED' } });
    expect((await call<ErrorBody>('POST', '/conversations', a, { userId: 99_999_999 })).body.code).toBe('NOT_FOUND');
    expect((await call<ErrorBody>('POST', '/conversations', a, { userId: deleted.id })).status).toBe(404);
    expect((await call<ErrorBody>('POST', '/conversations', a, { userId: 'x' })).body.code).toBe('VALIDATION_ERROR');
    expect((await call<ErrorBody>('POST', '/conversations', null, { userId: a.id })).body.code).toBe('AUTH_REQUIRED');
    expect((await call<ErrorBody>('GET', '/conversations', null)).status).toBe(401);
  });

  it('shows a conversation to its two participants only, and lists it once it has a message', async () => {
    const [a, b, stranger] = [await user(), await user(), await user()];
    const conversation = await start(a, b);
    expect((await call<ConversationList>('GET', '/conversations', a)).body).toEqual({ items: [], total: 0 });
    expect((await call<Conversation>('GET', `/conversations/${conversation.id}`, b)).body.peer.id).toBe(a.id);
    expect((await call<ErrorBody>('GET', `/conversations/${conversation.id}`, stranger)).status).toBe(404);
    expect((await call<ErrorBody>('GET', '/conversations/99999999', a)).status).toBe(404);
    expect((await call<ErrorBody>('GET', '/conversations/abc', a)).status).toBe(400);

    await send(a, conversation.id, 'hello');
    const list = (await call<ConversationList>('GET', '/conversations', b)).body;
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({
      id: conversation.id,
      peer: { id: a.id },
      lastMessage: { text: 'hello', senderId: a.id },
      unread: 1,
    });
    expect((await call<ConversationList>('GET', '/conversations', stranger)).body.total).toBe(0);
  });

  it('orders the list by the latest message and pages it', async () => {
    const [me, p1, p2, p3] = [await user(), await user(), await user(), await user()];
    const c1 = await start(me, p1);
    const c2 = await start(me, p2);
    const c3 = await start(me, p3);
    await send(p2, c2.id, 'first');
    await send(p3, c3.id, 'second');
    await send(me, c1.id, 'third');
    const all = (await call<ConversationList>('GET', '/conversations', me)).body;
    expect(all.items.map((c) => c.id)).toEqual([c1.id, c3.id, c2.id]);
    expect(all.items.map((c) => c.unread)).toEqual([0, 1, 1]);
    const page = (await call<ConversationList>('GET', '/conversations?offset=1&limit=1', me)).body;
    expect(page).toMatchObject({ total: 3, items: [{ id: c3.id }] });
  });
});

describe('messages', () => {
  it('stores a message and delivers it live to the receiver and the sender’s other devices', async () => {
    const [a, b] = [await user(), await user()];
    const conversation = await start(a, b);
    const [receiver, otherDevice] = [await online(b), await online(a)];
    const live = next(receiver, 'chat:message');
    const push = next(receiver, 'notification');
    const echo = next(otherDevice, 'chat:message');

    const clientMessageId = crypto.randomUUID();
    const res = await send(a, conversation.id, '  Hi there!  ', clientMessageId);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      conversationId: conversation.id,
      senderId: a.id,
      clientMessageId,
      text: 'Hi there!',
    });
    expect(res.body).not.toHaveProperty('scamWarning');
    expect(await live).toEqual(res.body);
    expect(await echo).toEqual(res.body);
    const item = (await push) as PushItem;
    expect(item).toMatchObject({
      show: true,
      text: 'notifications.newMessage',
      values: { from: a.domain, conversationId: conversation.id },
      color: 'info',
    });
  });

  it('refuses empty, too long and malformed messages, and strangers', async () => {
    const [a, b, stranger] = [await user(), await user(), await user()];
    const { id } = await start(a, b);
    const empty = await send(a, id, '   ');
    expect(empty).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_ERROR', fields: [{ path: 'text', key: 'msg.required' }] },
    });
    const long = await send(a, id, 'x'.repeat(2001));
    expect(long.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: [{ path: 'text', key: 'msg.max-length?n=2000' }],
    });
    expect((await send(a, id, 'x'.repeat(2000))).status).toBe(200);
    expect((await send(a, id, 'nul \u0000 byte')).body.code).toBe('VALIDATION_ERROR');
    expect(
      (await call<ErrorBody>('POST', `/conversations/${id}/messages`, a, { clientMessageId: 'not-a-uuid', text: 'hi' }))
        .body.code,
    ).toBe('VALIDATION_ERROR');
    expect((await call<ErrorBody>('POST', `/conversations/${id}/messages`, a, { text: 'hi' })).body.code).toBe(
      'VALIDATION_ERROR',
    );
    expect((await send(stranger, id, 'let me in')).body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    expect((await send(a, 99_999_999, 'nowhere')).status).toBe(404);
    expect(
      (
        await call<ErrorBody>('POST', `/conversations/${id}/messages`, null, {
          clientMessageId: crypto.randomUUID(),
          text: 'hi',
        })
      ).status,
    ).toBe(401);
    const stored = await t.database.db.select().from(chatMessages).where(eq(chatMessages.conversationId, id));
    expect(stored).toHaveLength(1);
  });

  it('stores and delivers a message once when ten retries race', async () => {
    const [a, b] = [await user(), await user()];
    const { id } = await start(a, b);
    const receiver = await online(b);
    const seen = record(receiver, 'chat:message');
    const pushes = record(receiver, 'notification');
    const clientMessageId = crypto.randomUUID();

    const results = await Promise.all(Array.from({ length: 10 }, () => send(a, id, 'only once', clientMessageId)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    const rows = await t.database.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.senderId, a.id), eq(chatMessages.clientMessageId, clientMessageId)));
    expect(rows).toHaveLength(1);

    // A later retry (an upper-case spelling of the same id too) answers the same message.
    const later = await send(a, id, 'only once', clientMessageId.toUpperCase());
    expect(later.body.id).toBe(results[0]!.body.id);
    await settled(receiver);
    expect(seen).toHaveLength(1);
    expect(pushes).toHaveLength(1);
    expect(await unread(b)).toBe(1);
  });

  it('refuses a message id reused for another text or conversation', async () => {
    const [a, b, c] = [await user(), await user(), await user()];
    const ab = await start(a, b);
    const ac = await start(a, c);
    const clientMessageId = crypto.randomUUID();
    expect((await send(a, ab.id, 'one', clientMessageId)).status).toBe(200);
    expect((await send(a, ab.id, 'two', clientMessageId)).body).toMatchObject({
      statusCode: 409,
      code: 'MESSAGE_ID_REUSED',
    });
    expect((await send(a, ac.id, 'one', clientMessageId)).body.code).toBe('MESSAGE_ID_REUSED');
    // Ids are per sender: the other side may happen to use the same one.
    expect((await send(b, ab.id, 'one', clientMessageId)).status).toBe(200);
  });

  it('pages history newest first with a cursor, and refuses bad cursors', async () => {
    const [a, b, stranger] = [await user(), await user(), await user()];
    const { id } = await start(a, b);
    const sent: number[] = [];
    for (let i = 1; i <= 7; i++) sent.push((await send(i % 2 ? a : b, id, `m${i}`)).body.id);

    const first = (await call<MessageList>('GET', `/conversations/${id}/messages?limit=3`, b)).body;
    expect(first.items.map((m) => m.text)).toEqual(['m7', 'm6', 'm5']);
    expect(first.nextBefore).toBe(sent[4]);
    const second = (
      await call<MessageList>('GET', `/conversations/${id}/messages?limit=3&before=${first.nextBefore}`, b)
    ).body;
    expect(second.items.map((m) => m.text)).toEqual(['m4', 'm3', 'm2']);
    const last = (
      await call<MessageList>('GET', `/conversations/${id}/messages?limit=3&before=${second.nextBefore}`, b)
    ).body;
    expect(last).toEqual({ items: [expect.objectContaining({ text: 'm1' })], nextBefore: null });
    const whole = (await call<MessageList>('GET', `/conversations/${id}/messages`, a)).body;
    expect(whole.items).toHaveLength(7);
    expect(whole.nextBefore).toBeNull();

    for (const query of ['before=abc', 'before=0', 'before=-5', 'before=1.5', 'limit=0', 'limit=51', 'limit=x']) {
      const res = await call<ErrorBody>('GET', `/conversations/${id}/messages?${query}`, a);
      expect(res, query).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
    }
    expect((await call<ErrorBody>('GET', `/conversations/${id}/messages?limit=50`, a)).status).toBe(200);
    expect((await call<ErrorBody>('GET', `/conversations/${id}/messages`, stranger)).status).toBe(404);
  });

  it('keeps a message for an offline receiver: it is there on fetch and counted unread', async () => {
    const [a, b] = [await user(), await user()];
    const { id } = await start(a, b);
    await send(a, id, 'are you there?');
    await send(a, id, 'ping me back');

    expect(await unread(b)).toBe(2);
    expect(await unread(a)).toBe(0);
    const history = (await call<MessageList>('GET', `/conversations/${id}/messages`, b)).body;
    expect(history.items.map((m) => m.text)).toEqual(['ping me back', 'are you there?']);
    const [conversation] = (await call<ConversationList>('GET', '/conversations', b)).body.items;
    expect(conversation).toMatchObject({ unread: 2, lastMessage: { text: 'ping me back' } });
  });

  it('warns the receiver, never the sender, about a scam-looking message', async () => {
    const [a, b] = [await user(), await user()];
    const { id } = await start(a, b);
    const receiver = await online(b);
    const live = next(receiver, 'chat:message');
    const sent = (await send(a, id, `pay to ${WALLET} or write t.me/helper`)).body;
    expect(sent).not.toHaveProperty('scamWarning');
    expect((await live).scamWarning).toEqual(['wallet-address', 'messenger']);

    const [row] = await t.database.db.select().from(chatMessages).where(eq(chatMessages.id, sent.id));
    expect(row!.scamWarning).toEqual(['wallet-address', 'messenger']);
    const forB = (await call<MessageList>('GET', `/conversations/${id}/messages`, b)).body.items[0]!;
    expect(forB.scamWarning).toEqual(['wallet-address', 'messenger']);
    expect((await call<MessageList>('GET', `/conversations/${id}/messages`, a)).body.items[0]).not.toHaveProperty(
      'scamWarning',
    );
    expect((await call<ConversationList>('GET', '/conversations', b)).body.items[0]!.lastMessage!.scamWarning).toEqual([
      'wallet-address',
      'messenger',
    ]);

    const plain = (await send(b, id, 'see you @ 5pm, I am 25')).body;
    expect((await call<MessageList>('GET', `/conversations/${id}/messages`, a)).body.items[0]).toMatchObject({
      id: plain.id,
    });
    expect((await call<MessageList>('GET', `/conversations/${id}/messages`, a)).body.items[0]).not.toHaveProperty(
      'scamWarning',
    );
  });
});

describe('read receipts and unread counts', () => {
  it('marks read, tells the sender, and never moves the mark back', async () => {
    const [a, b] = [await user(), await user()];
    const { id } = await start(a, b);
    const m1 = (await send(a, id, 'one')).body;
    const m2 = (await send(a, id, 'two')).body;
    await send(b, id, 'mine does not count');
    expect(await unread(b)).toBe(2);

    const sender = await online(a);
    const receipt = next(sender, 'chat:read');
    const res = await call<ReadResult>('POST', `/conversations/${id}/read`, b, { upToMessageId: m1.id });
    expect(res.body).toEqual({ conversationId: id, lastReadMessageId: m1.id, unread: 1, total: 1 });
    expect((await receipt) as ChatRead).toEqual({ conversationId: id, userId: b.id, lastReadMessageId: m1.id });

    // Its receipt is heard before listening for more: the socket may deliver it after the next calls.
    const second = next(sender, 'chat:read');
    await call('POST', `/conversations/${id}/read`, b, { upToMessageId: m2.id });
    expect(((await second) as ChatRead).lastReadMessageId).toBe(m2.id);
    expect(await unread(b)).toBe(0);
    expect((await call<Conversation>('GET', `/conversations/${id}`, a)).body.peerLastReadMessageId).toBe(m2.id);

    const receipts = record(sender, 'chat:read');
    const back = await call<ReadResult>('POST', `/conversations/${id}/read`, b, { upToMessageId: m1.id });
    expect(back.body).toMatchObject({ lastReadMessageId: m2.id, unread: 0 });
    await settled(sender);
    expect(receipts).toHaveLength(0);
  });

  it('refuses a message of another conversation, strangers and bad input', async () => {
    const [a, b, c] = [await user(), await user(), await user()];
    const ab = await start(a, b);
    const ac = await start(a, c);
    const elsewhere = (await send(a, ac.id, 'for c')).body;
    const mine = (await send(a, ab.id, 'for b')).body;
    expect(
      (await call<ErrorBody>('POST', `/conversations/${ab.id}/read`, b, { upToMessageId: elsewhere.id })).status,
    ).toBe(404);
    expect((await call<ErrorBody>('POST', `/conversations/${ab.id}/read`, c, { upToMessageId: mine.id })).status).toBe(
      404,
    );
    expect((await call<ErrorBody>('POST', `/conversations/${ab.id}/read`, b, { upToMessageId: 'x' })).body.code).toBe(
      'VALIDATION_ERROR',
    );
    expect((await call<ErrorBody>('POST', `/conversations/${ab.id}/read`, b, {})).body.code).toBe('VALIDATION_ERROR');
    expect(await unread(b)).toBe(1);
  });
});

describe('typing', () => {
  it('relays typing to the other participant only, never to strangers, and stores nothing', async () => {
    const [a, b, stranger] = [await user(), await user(), await user()];
    const { id } = await start(a, b);
    const [sa, sb, ss] = [await online(a), await online(b), await online(stranger)];
    const atStranger = record(ss, 'chat:typing');
    const atA = record(sa, 'chat:typing');

    const typing = next(sb, 'chat:typing');
    sa.emit('chat:typing', { conversationId: id });
    expect((await typing) as ChatTyping).toEqual({ conversationId: id, userId: a.id });

    // A stranger naming someone else's conversation, and malformed payloads, go nowhere.
    const atB = record(sb, 'chat:typing');
    ss.emit('chat:typing', { conversationId: id });
    ss.emit('chat:typing', { conversationId: 'x' } as never);
    ss.emit('chat:typing', null as never);
    sa.emit('chat:typing', { conversationId: -1 });
    await settled(ss);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await Promise.all([settled(sa), settled(sb)]);
    expect(atStranger).toHaveLength(0);
    expect(atA).toHaveLength(0);
    expect(atB).toHaveLength(0);
  });

  it('does not relay typing between users who blocked each other', async () => {
    const [a, b] = [await user(), await user()];
    const { id } = await start(a, b);
    await call('POST', `/blocks/${a.id}`, b);
    const [sa, sb] = [await online(a), await online(b)];
    const atB = record(sb, 'chat:typing');
    sa.emit('chat:typing', { conversationId: id });
    await settled(sa);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await settled(sb);
    expect(atB).toHaveLength(0);
  });
});

describe('blocks', () => {
  it('stops messages both ways until the blocker lifts the block', async () => {
    const [a, b] = [await user(), await user()];
    const { id } = await start(a, b);
    await send(a, id, 'before');

    const blocked = await call<{ user: { id: number }; createdAt: string }>('POST', `/blocks/${b.id}`, a);
    expect(blocked).toMatchObject({ status: 200, body: { user: { id: b.id, domain: b.domain } } });
    expect((await call('POST', `/blocks/${b.id}`, a)).status).toBe(200);

    for (const [from, why] of [
      [a, 'the blocker'],
      [b, 'the blocked'],
    ] as const) {
      const res = await send(from, id, 'after');
      expect(res.body, why).toMatchObject({ statusCode: 403, code: 'USER_BLOCKED' });
    }
    expect((await call<ErrorBody>('POST', '/conversations', b, { userId: a.id })).body.code).toBe('USER_BLOCKED');
    expect((await call<Conversation>('GET', `/conversations/${id}`, a)).body.blocked).toBe(true);
    expect((await call<Conversation>('GET', `/conversations/${id}`, b)).body.blocked).toBe(true);
    // History stays readable.
    expect((await call<MessageList>('GET', `/conversations/${id}/messages`, b)).body.items).toHaveLength(1);

    expect(
      (await call<{ items: { user: { id: number } }[] }>('GET', '/blocks', a)).body.items.map((i) => i.user.id),
    ).toEqual([b.id]);
    expect((await call<{ items: unknown[] }>('GET', '/blocks', b)).body.items).toEqual([]);

    // Only the blocker lifts it.
    expect((await call('DELETE', `/blocks/${a.id}`, b)).status).toBe(200);
    expect((await send(b, id, 'still no')).body.code).toBe('USER_BLOCKED');
    expect((await call('DELETE', `/blocks/${b.id}`, a)).body).toEqual({ ok: true });
    expect((await send(b, id, 'hello again')).status).toBe(200);
    expect((await call<Conversation>('GET', `/conversations/${id}`, a)).body.blocked).toBe(false);
  });

  it('refuses blocking oneself or an unknown user, and anonymous callers', async () => {
    const a = await user();
    expect((await call<ErrorBody>('POST', `/blocks/${a.id}`, a)).body).toMatchObject({
      statusCode: 400,
      code: 'SELF_ACTION_NOT_ALLOWED',
    });
    expect((await call<ErrorBody>('DELETE', `/blocks/${a.id}`, a)).body.code).toBe('SELF_ACTION_NOT_ALLOWED');
    expect((await call<ErrorBody>('POST', '/blocks/99999999', a)).status).toBe(404);
    expect((await call<ErrorBody>('POST', '/blocks/abc', a)).body.code).toBe('VALIDATION_ERROR');
    expect((await call<ErrorBody>('GET', '/blocks', null)).status).toBe(401);
  });

  it('answers isBlockedEitherWay and blockedIds for the map', async () => {
    const [a, b, c, d] = [await user(), await user(), await user(), await user()];
    await call('POST', `/blocks/${b.id}`, a);
    await call('POST', `/blocks/${a.id}`, c);
    await call('POST', `/blocks/${a.id}`, b);
    const db = t.database.db;
    expect(await isBlockedEitherWay(db, a.id, b.id)).toBe(true);
    expect(await isBlockedEitherWay(db, b.id, a.id)).toBe(true);
    expect(await isBlockedEitherWay(db, a.id, c.id)).toBe(true);
    expect(await isBlockedEitherWay(db, a.id, d.id)).toBe(false);
    expect(await isBlockedEitherWay(db, b.id, c.id)).toBe(false);
    expect((await blockedIds(db, a.id)).sort((x, y) => x - y)).toEqual([b.id, c.id]);
    expect(await blockedIds(db, c.id)).toEqual([a.id]);
    expect(await blockedIds(db, d.id)).toEqual([]);
  });
});
