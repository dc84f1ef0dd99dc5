import crypto from 'node:crypto';
import { reviewShot } from './support/shots';
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { ChatMessage, Conversation, MessageList, ReportList } from '@app/shared/schemas/chat';
import { MESSAGE_MAX_LENGTH } from '@app/shared/schemas/chat';
import { expectAccessible, openAs, registerUser } from './support/crypto';
import { seededUsers } from './support/tokens';

/**
 * The chat between two real accounts, each in its own browser context (own storage, own socket):
 * starting a chat from a link, live delivery with the header badge, typing and read receipts,
 * history paging, delivery to someone who was away, a failed send retried without a double,
 * block, report, the scam warning, phones and both languages.
 */

interface ChatUser {
  id: number;
  token: string;
  domain: string;
  firstName: string;
}

const auth = (user: ChatUser) => ({ authorization: `Bearer ${user.token}` });

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** A registered account with a complete adult profile: the chat, like the map, needs one. */
async function chatUser(request: APIRequestContext, firstName: string): Promise<ChatUser> {
  const tag = crypto.randomBytes(4).toString('hex');
  // uniqueEmail alone (time + a per-worker counter) can repeat across parallel workers: add randomness.
  const user = await registerUser(request, `${firstName.toLowerCase()}-${tag}`);
  const domain = `${firstName.toLowerCase()}${tag}`;
  const record = await ok<{ token: string }>(
    await request.post('/api/user/profile-update', {
      headers: { authorization: `Bearer ${user.token}` },
      data: { firstName, lastName: 'Tester', domain, gender: 1, birthday: '01.06.1994' },
    }),
  );
  return { id: user.id, token: record.token ?? user.token, domain, firstName };
}

const startChat = async (request: APIRequestContext, from: ChatUser, to: ChatUser) =>
  ok<Conversation>(await request.post('/api/chat/conversations', { headers: auth(from), data: { userId: to.id } }));

const sendApi = async (request: APIRequestContext, from: ChatUser, conversationId: number, text: string) =>
  ok<ChatMessage>(
    await request.post(`/api/chat/conversations/${conversationId}/messages`, {
      headers: auth(from),
      data: { clientMessageId: crypto.randomUUID(), text },
    }),
  );

const historyOf = async (request: APIRequestContext, who: ChatUser, conversationId: number) =>
  ok<MessageList>(
    await request.get(`/api/chat/conversations/${conversationId}/messages?limit=50`, { headers: auth(who) }),
  );

/** The contexts a test opened: closed after it, so no page (and socket) of one test lives on into the next. */
const opened: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(opened.splice(0).map((context) => context.close()));
});

/** A page signed in as the user, in a context of its own (no service worker, so routes see every call). */
async function pageFor(
  browser: Browser,
  user: ChatUser,
  lang: 'en' | 'ru' = 'en',
  viewport = { width: 1280, height: 800 },
): Promise<Page> {
  const context = await browser.newContext({
    viewport,
    serviceWorkers: 'block',
    locale: lang === 'ru' ? 'ru-RU' : 'en-US',
  });
  opened.push(context);
  const page = await context.newPage();
  await openAs(page, { id: user.id, token: user.token, email: '' }, lang);
  return page;
}

const shot = (page: Page, name: string) => reviewShot(page, name);

const composer = (page: Page) => page.getByTestId('composer-input');
const messages = (page: Page) => page.getByTestId('message-list').getByTestId('message');
const rowOf = (page: Page, peer: ChatUser) =>
  page.getByTestId('conversation-row').filter({ hasText: `@${peer.domain}` });
const unreadBadge = (page: Page) => page.getByTestId('messages-button');

/** The link a hand card's "Message" uses: it creates the conversation and replaces itself with it. */
async function openChatWith(page: Page, peer: ChatUser): Promise<number> {
  await page.goto(`/chat?with=${peer.id}`);
  // Generous: the first page load of a context builds the app's chunks while other tests run.
  await expect(page).toHaveURL(/\/chat\/\d+$/, { timeout: 20_000 });
  await expect(page.getByTestId('thread')).toBeVisible({ timeout: 15_000 });
  return Number(new URL(page.url()).pathname.split('/').pop());
}

/**
 * Resolves once the page's socket has said `session:ready`, on which the chat refetches its queries
 * and sends again what failed for want of a network. Call it before the page loads.
 */
function socketReady(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) =>
      ws.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"session:ready"')) resolve();
      }),
    );
  });
}

/**
 * Resolves once the page's socket has said `session:ready` and the conversation it refetches then
 * (every chat query is, on each connect) has answered: after that nothing tells the page of a change
 * but a socket event. Call it before the page loads the thread.
 */
function settledOnConversation(page: Page, conversationId: number): Promise<void> {
  let ready = false;
  void socketReady(page).then(() => (ready = true));
  return new Promise((resolve) => {
    page.on('requestfinished', (request) => {
      if (ready && new URL(request.url()).pathname === `/api/chat/conversations/${conversationId}`) resolve();
    });
  });
}

async function send(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press('Enter');
}

test.describe('chat between two people', () => {
  test.describe.configure({ timeout: 90_000 });

  test('A starts a chat by link, B gets it live with the badge, typing and read receipts show, B replies', async ({
    browser,
    request,
  }) => {
    const [alice, bob] = [await chatUser(request, 'Alice'), await chatUser(request, 'Bob')];
    const a = await pageFor(browser, alice);
    const b = await pageFor(browser, bob);

    // Bob has no conversation yet: the list points to the map.
    await b.goto('/chat');
    await expect(b.getByTestId('chat-empty')).toBeVisible();
    await expect(b.getByRole('link', { name: 'Find people on the map' }).first()).toHaveAttribute('href', '/map');
    await expect(unreadBadge(b)).toHaveAttribute('data-unread', '0');
    await shot(b, 'chat-empty-en-1280');

    // Alice opens the link a hand card would use: the conversation is created and opened.
    const conversationId = await openChatWith(a, bob);
    await expect(a.getByTestId('thread-name')).toHaveText(`@${bob.domain}`);
    await expect(a.getByTestId('thread-empty')).toContainText(`Say hi to @${bob.domain}`);
    // A new conversation shows in Alice's list while it has no message.
    await expect(rowOf(a, bob)).toBeVisible();
    await shot(a, 'chat-new-en-1280');

    await send(a, 'Hello Bob!\nAre you near the park?');
    const sent = messages(a).filter({ hasText: 'Hello Bob!' });
    await expect(sent).toHaveAttribute('data-mine', 'true');
    await expect(sent.getByTestId('ticks')).toHaveAttribute('data-state', 'sent');
    await expect(composer(a)).toHaveValue('');

    // Bob, on the list, gets it live: header badge, the row on top with its unread count.
    await expect(unreadBadge(b)).toHaveAttribute('data-unread', '1');
    await expect(b.getByTestId('unread-badge')).toHaveText('1');
    await expect(rowOf(b, alice).getByTestId('conversation-unread')).toHaveText('1');
    await expect(rowOf(b, alice).getByTestId('conversation-preview')).toContainText(
      'Hello Bob! Are you near the park?',
    );
    await shot(b, 'chat-list-unread-en-1280');

    // Bob opens it: the message is read, Alice's ticks turn to ✓✓ and Bob's badge clears.
    await rowOf(b, alice).click();
    await expect(b).toHaveURL(new RegExp(`/chat/${conversationId}$`));
    await expect(messages(b).filter({ hasText: 'Hello Bob!' })).toHaveAttribute('data-mine', 'false');
    await expect(b.getByTestId('unread-line')).toBeVisible();
    await expect(sent.getByTestId('ticks')).toHaveAttribute('data-state', 'read');
    await expect(unreadBadge(b)).toHaveAttribute('data-unread', '0');

    // Bob types: Alice sees "typing…" in the header and the dots in the thread.
    await composer(b).pressSequentially('Yes, by the fount', { delay: 20 });
    await expect(a.getByTestId('typing')).toHaveText('typing…');
    await expect(a.getByTestId('typing-dots')).toBeVisible();
    await shot(a, 'chat-typing-en-1280');
    await composer(b).pressSequentially('ain', { delay: 20 });
    await composer(b).press('Enter');

    // The reply arrives live; the typing indicator ends with it.
    await expect(messages(a).filter({ hasText: 'Yes, by the fountain' })).toHaveAttribute('data-mine', 'false');
    await expect(a.getByTestId('typing-dots')).toHaveCount(0);
    await expect(messages(a)).toHaveCount(2);
    await expect(messages(b)).toHaveCount(2);
    // Alice had it on screen: Bob sees it read.
    await expect(messages(b).filter({ hasText: 'Yes, by the fountain' }).getByTestId('ticks')).toHaveAttribute(
      'data-state',
      'read',
    );
    await expect(unreadBadge(a)).toHaveAttribute('data-unread', '0');
    await expect(a.getByTestId('day-separator').first()).toHaveText('Today');
    await shot(a, 'chat-thread-en-1280');
    await shot(b, 'chat-thread-b-en-1280');
    await expectAccessible(a);

    // Shift+Enter makes a new line; Enter sends.
    await composer(a).fill('line one');
    await composer(a).press('Shift+Enter');
    await composer(a).pressSequentially('line two');
    await expect(composer(a)).toHaveValue('line one\nline two');
    await composer(a).press('Enter');
    await expect(messages(b).filter({ hasText: 'line two' }).getByTestId('message-text')).toHaveText(
      'line one\nline two',
    );

    // Length limit: a counter near it, and nothing sent over it.
    await composer(a).fill('x'.repeat(MESSAGE_MAX_LENGTH - 50));
    await expect(a.getByTestId('composer-counter')).toHaveText(`${MESSAGE_MAX_LENGTH - 50} / ${MESSAGE_MAX_LENGTH}`);
    await expect(a.getByTestId('send-button')).toBeEnabled();
    await composer(a).fill('x'.repeat(MESSAGE_MAX_LENGTH + 1));
    await expect(a.getByTestId('too-long')).toBeVisible();
    await expect(a.getByTestId('send-button')).toBeDisabled();
    await composer(a).press('Enter');
    await expect(messages(a)).toHaveCount(3);
    await shot(a, 'chat-too-long-en-1280');
    await composer(a).fill('');

    // The light theme draws the same thread legibly.
    await a.getByTestId('theme-toggle').first().click();
    await expect(a.getByTestId('thread')).toBeVisible();
    await shot(a, 'chat-thread-light-en-1280');
    await expectAccessible(a);
  });

  test('history pages back as the reader scrolls up', async ({ browser, request }) => {
    const [alice, bob] = [await chatUser(request, 'Alice'), await chatUser(request, 'Bob')];
    const conversation = await startChat(request, alice, bob);
    let last: ChatMessage | undefined;
    for (let i = 1; i <= 75; i++)
      last = await sendApi(request, i % 3 === 0 ? bob : alice, conversation.id, `Message number ${i}`);
    // Read up to the end (else the thread would open at the first unread message, not the bottom).
    await ok(
      await request.post(`/api/chat/conversations/${conversation.id}/read`, {
        headers: auth(alice),
        data: { upToMessageId: last!.id },
      }),
    );

    const a = await pageFor(browser, alice);
    await a.goto(`/chat/${conversation.id}`);
    // The newest page (30) opens at the bottom, with the latest message in view.
    await expect(messages(a).filter({ hasText: 'Message number 75' })).toBeInViewport({ timeout: 15_000 });
    await expect(messages(a)).toHaveCount(30);
    await expect(a.getByTestId('history-start')).toHaveCount(0);

    // Scrolling to the top loads the older pages, keeping the reader's place.
    const list = a.getByTestId('message-list');
    for (let page = 0; page < 3; page++) await list.evaluate((el) => el.scrollTo({ top: 0 }));
    await expect(async () => {
      await list.evaluate((el) => el.scrollTo({ top: 0 }));
      await expect(messages(a)).toHaveCount(75, { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await expect(a.getByTestId('history-start')).toContainText(
      `This is the beginning of your conversation with @${bob.domain}.`,
    );
    const ids = await messages(a).evaluateAll((nodes) =>
      nodes.map((n) => Number((n as HTMLElement).dataset.messageId)),
    );
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(new Set(ids).size).toBe(75);
    await shot(a, 'chat-history-start-en-1280');
  });

  test('a message sent while the receiver is away arrives when they come back', async ({ browser, request }) => {
    const [alice, bob] = [await chatUser(request, 'Alice'), await chatUser(request, 'Bob')];
    const b = await pageFor(browser, bob);
    await b.goto('/chat');
    await expect(b.getByTestId('chat-empty')).toBeVisible();
    // Bob leaves: his page (and its socket) closes.
    await b.context().close();

    const a = await pageFor(browser, alice);
    await openChatWith(a, bob);
    await expect(a.getByTestId('thread-empty')).toBeVisible();
    await send(a, 'Are you there? Write when you see this.');
    await expect(messages(a).getByTestId('ticks')).toHaveAttribute('data-state', 'sent');

    const back = await pageFor(browser, bob);
    await back.goto('/');
    await expect(unreadBadge(back)).toHaveAttribute('data-unread', '1');
    await unreadBadge(back).click();
    await expect(rowOf(back, alice).getByTestId('conversation-unread')).toHaveText('1');
    await rowOf(back, alice).click();
    await expect(messages(back).filter({ hasText: 'Are you there?' })).toBeVisible();
    await expect(messages(a).getByTestId('ticks')).toHaveAttribute('data-state', 'read');
  });

  test('a send that fails is shown as not sent and retried with the same id: one message on both sides', async ({
    browser,
    request,
  }) => {
    const [alice, bob] = [await chatUser(request, 'Alice'), await chatUser(request, 'Bob')];
    const conversation = await startChat(request, alice, bob);
    const a = await pageFor(browser, alice);
    const b = await pageFor(browser, bob);
    const aliceLive = socketReady(a);
    await b.goto(`/chat/${conversation.id}`);
    await a.goto(`/chat/${conversation.id}`);
    await expect(a.getByTestId('thread-empty')).toBeVisible();
    // A socket arriving after the failure would send it again by itself, before the retry button.
    await aliceLive;

    // The first POST never reaches the server (the connection drops).
    const bodies: string[] = [];
    let attempts = 0;
    await a.route(`**/api/chat/conversations/${conversation.id}/messages`, async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      bodies.push(route.request().postData() ?? '');
      attempts++;
      if (attempts === 1) return route.abort('internetdisconnected');
      return route.continue();
    });
    await send(a, 'This one goes through on the second try');
    const failed = a.getByTestId('message-failed');
    await expect(failed).toBeVisible();
    await expect(failed.getByTestId('not-sent')).toContainText('Not sent');
    await expect(failed.getByTestId('ticks')).toHaveAttribute('data-state', 'failed');
    await shot(a, 'chat-not-sent-en-1280');
    await failed.getByTestId('retry-send').click();

    await expect(messages(a).filter({ hasText: 'second try' })).toHaveCount(1);
    await expect(a.getByTestId('message-failed')).toHaveCount(0);
    await expect(messages(b).filter({ hasText: 'second try' })).toHaveCount(1);
    expect(attempts).toBe(2);
    // Both attempts carried one client message id.
    const ids = bodies.map((body) => (JSON.parse(body) as { clientMessageId: string }).clientMessageId);
    expect(new Set(ids).size).toBe(1);

    // The server stored it, but its answer is lost: the socket copy shows it once, never twice.
    await a.unroute(`**/api/chat/conversations/${conversation.id}/messages`);
    await a.route(`**/api/chat/conversations/${conversation.id}/messages`, async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      await route.fetch();
      return route.abort('connectionreset');
    });
    await send(a, 'Stored, answer lost');
    await expect(messages(a).filter({ hasText: 'answer lost' })).toHaveCount(1);
    await expect(messages(b).filter({ hasText: 'answer lost' })).toHaveCount(1);
    await expect(a.getByTestId('message-failed')).toHaveCount(0);

    expect((await historyOf(request, alice, conversation.id)).items.map((m) => m.text)).toEqual([
      'Stored, answer lost',
      'This one goes through on the second try',
    ]);
    await a.reload();
    await expect(messages(a)).toHaveCount(2);
    await expect(b.getByTestId('message-list').getByTestId('message')).toHaveCount(2);
  });

  test('blocking stops messages both ways until it is lifted', async ({ browser, request }) => {
    const [alice, bob] = [await chatUser(request, 'Alice'), await chatUser(request, 'Bob')];
    const conversation = await startChat(request, alice, bob);
    await sendApi(request, bob, conversation.id, 'Hi there');
    const a = await pageFor(browser, alice);
    const b = await pageFor(browser, bob);
    const bobSettled = settledOnConversation(b, conversation.id);
    await a.goto(`/chat/${conversation.id}`);
    await b.goto(`/chat/${conversation.id}`);
    await expect(messages(a)).toHaveCount(1);
    // Bob's thread is loaded (with its composer) before the block, and so is what his socket's
    // arrival refetches: a late arrival would tell his page of the block before he tries to write.
    await expect(composer(b)).toBeVisible();
    await bobSettled;

    await a.getByTestId('thread-menu').click();
    await a.getByTestId('menu-block').click();
    const dialog = a.getByTestId('block-dialog');
    await expect(dialog.getByRole('heading')).toHaveText(`Block @${bob.domain}?`);
    await shot(a, 'chat-block-dialog-en-1280');
    await dialog.getByTestId('confirm-block').click();
    await expect(a.getByTestId('chat-notice')).toHaveText(`@${bob.domain} is blocked.`);
    await expect(a.getByTestId('blocked-notice')).toContainText(
      `You blocked @${bob.domain}. Neither of you can write in this chat.`,
    );
    await expect(a.getByTestId('composer')).toHaveCount(0);
    await shot(a, 'chat-blocked-en-1280');

    // Bob's page still shows a composer; his try fails and the thread learns why.
    await send(b, 'Why did you go quiet?');
    await expect(b.getByTestId('message-failed')).toBeVisible();
    await expect(b.getByTestId('blocked-notice')).toContainText('You can no longer write in this chat.');
    await expect(b.getByTestId('unblock-button')).toHaveCount(0);
    // Neither can send through the API either.
    for (const [from, expected] of [
      [alice, 403],
      [bob, 403],
    ] as const) {
      const response = await request.post(`/api/chat/conversations/${conversation.id}/messages`, {
        headers: auth(from),
        data: { clientMessageId: crypto.randomUUID(), text: 'still here?' },
      });
      expect(response.status()).toBe(expected);
      expect(((await response.json()) as { code: string }).code).toBe('USER_BLOCKED');
    }
    expect((await historyOf(request, alice, conversation.id)).items).toHaveLength(1);

    // Alice lifts the block: both can write again.
    await a.getByTestId('unblock-button').click();
    await expect(a.getByTestId('composer')).toBeVisible();
    await send(a, 'Sorry, misclick');
    await expect(messages(b).filter({ hasText: 'Sorry, misclick' })).toBeVisible();
  });

  test('a report goes to the moderators with its reason and comment', async ({ browser, request }) => {
    const [alice, bob] = [await chatUser(request, 'Alice'), await chatUser(request, 'Bob')];
    const conversation = await startChat(request, bob, alice);
    await sendApi(request, bob, conversation.id, 'Buy my course, only today!');
    const a = await pageFor(browser, alice);
    await a.goto(`/chat/${conversation.id}`);

    await a.getByTestId('thread-menu').click();
    await a.getByTestId('menu-report').click();
    const dialog = a.getByTestId('report-dialog');
    await expect(dialog.getByRole('heading')).toHaveText(`Report @${bob.domain}`);
    await dialog.getByTestId('submit-report').click();
    await expect(dialog).toContainText('Choose a reason.');
    await dialog.getByLabel('Spam or advertising').check();
    await dialog.getByTestId('report-comment').fill('Sends ads to everyone');
    await shot(a, 'chat-report-dialog-en-1280');
    await dialog.getByTestId('submit-report').click();
    await expect(a.getByTestId('chat-notice')).toHaveText('Thank you. Our moderators will look into it.');
    await expect(dialog).toBeHidden();

    const admin = seededUsers().admin;
    const list = await ok<ReportList>(
      await request.get('/api/report/list?limit=100', { headers: { authorization: `Bearer ${admin.token}` } }),
    );
    const stored = list.items.find((r) => r.reporter.id === alice.id);
    expect(stored).toMatchObject({
      user: { id: bob.id },
      reason: 'spam',
      comment: 'Sends ads to everyone',
      status: 'OPEN',
    });
  });

  test('a received message with a wallet address carries a scam warning, and can be reported from it', async ({
    browser,
    request,
  }) => {
    const [alice, bob] = [await chatUser(request, 'Alice'), await chatUser(request, 'Bob')];
    const a = await pageFor(browser, alice);
    const b = await pageFor(browser, bob);
    const conversationId = await openChatWith(a, bob);
    await expect(a.getByTestId('thread-empty')).toBeVisible();
    await b.goto(`/chat/${conversationId}`);

    await send(a, 'Send 50 USDT to 0x52908400098527886E0F7030069857D2E4169EE7 and I will double it');
    const received = messages(b).filter({ hasText: '0x5290' });
    await expect(received.getByTestId('scam-warning')).toContainText('Be careful with this message');
    await expect(received.getByTestId('scam-warning')).toContainText('It contains a crypto wallet address.');
    // The sender sees the message as written.
    await expect(messages(a).filter({ hasText: '0x5290' }).getByTestId('scam-warning')).toHaveCount(0);
    await shot(b, 'chat-scam-en-1280');

    await received.getByRole('button', { name: 'Report this message' }).click();
    const dialog = b.getByTestId('report-dialog');
    await expect(dialog).toContainText('The message you picked goes with the report.');
    await dialog.getByLabel('Scam, fraud or asking for money').check();
    await dialog.getByTestId('submit-report').click();
    await expect(b.getByTestId('chat-notice')).toBeVisible();
    const list = await ok<ReportList>(
      await request.get('/api/report/list?limit=100', {
        headers: { authorization: `Bearer ${seededUsers().admin.token}` },
      }),
    );
    expect(list.items.find((r) => r.reporter.id === bob.id)).toMatchObject({
      reason: 'scam',
      message: { text: expect.stringContaining('0x5290') },
    });
  });

  test('phones show one pane at a time, with the way back', async ({ browser, request }) => {
    const [alice, bob] = [await chatUser(request, 'Alice'), await chatUser(request, 'Bob')];
    const conversation = await startChat(request, bob, alice);
    await sendApi(request, bob, conversation.id, 'Coffee at 5?');
    await sendApi(request, bob, conversation.id, 'The one on the corner');
    const a = await pageFor(browser, alice, 'en', { width: 390, height: 844 });
    await a.goto('/chat');
    await expect(rowOf(a, bob)).toBeVisible();
    await expect(a.getByTestId('no-thread')).toBeHidden();
    await shot(a, 'chat-list-en-390');
    await rowOf(a, bob).click();
    await expect(a.getByTestId('conversation-list')).toBeHidden();
    await expect(messages(a)).toHaveCount(2);
    await send(a, 'Deal! See you there');
    await expect(messages(a).filter({ hasText: 'Deal!' }).getByTestId('ticks')).toHaveAttribute('data-state', 'sent');
    await shot(a, 'chat-thread-en-390');
    await a.getByTestId('thread-back').click();
    await expect(a).toHaveURL(/\/chat$/);
    await expect(rowOf(a, bob).getByTestId('conversation-preview')).toContainText('You: Deal! See you there');

    // Someone else's conversation, or a made-up address, says so instead of showing anything.
    await a.goto('/chat/2147483000');
    await expect(a.getByTestId('thread-error')).toContainText('This conversation does not exist, or it is not yours.');
    await a.goto('/chat/abc');
    await expect(a.getByTestId('thread-error')).toContainText('This conversation does not exist, or it is not yours.');
  });
});

test('the chat needs a signed-in user', async ({ page }) => {
  await page.goto('/chat?with=1');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByTestId('messages-button')).toHaveCount(0);
});

test.describe('chat in Russian', () => {
  test.describe.configure({ timeout: 90_000 });

  test('the main screens speak Russian, on a desktop and a phone', async ({ browser, request }) => {
    const [alice, bob] = [await chatUser(request, 'Alice'), await chatUser(request, 'Bob')];
    const b = await pageFor(browser, bob, 'ru');
    await b.goto('/chat');
    await expect(b.getByRole('heading', { level: 1, name: 'Сообщения' })).toBeVisible();
    await expect(b.getByTestId('chat-empty')).toContainText('Чатов пока нет');
    await shot(b, 'chat-empty-ru-1280');

    const conversation = await startChat(request, alice, bob);
    await sendApi(request, alice, conversation.id, 'Привет! Ты рядом?');
    await sendApi(request, alice, conversation.id, 'Пиши в телеграм @alice_meet');
    await expect(unreadBadge(b)).toHaveAttribute('data-unread', '2');
    await expect(unreadBadge(b)).toHaveAttribute('aria-label', 'Сообщения, 2 непрочитанных');
    await expect(rowOf(b, alice).getByTestId('conversation-unread')).toHaveAttribute(
      'aria-label',
      '2 непрочитанных сообщения',
    );
    await rowOf(b, alice).click();
    await expect(b.getByTestId('unread-line')).toHaveText('Непрочитанные сообщения');
    await expect(b.getByTestId('day-separator').first()).toHaveText('Сегодня');
    await expect(b.getByTestId('scam-warning')).toContainText('Вас зовут в другой мессенджер');
    await expect(composer(b)).toHaveAttribute('placeholder', 'Сообщение');
    await send(b, 'Давай здесь, так спокойнее');
    await expect(messages(b).filter({ hasText: 'Давай здесь' }).getByTestId('ticks')).toHaveAttribute(
      'data-state',
      'sent',
    );
    await shot(b, 'chat-thread-ru-1280');

    await b.getByTestId('thread-menu').click();
    await b.getByTestId('menu-report').click();
    await expect(b.getByTestId('report-dialog').getByRole('heading')).toHaveText(`Жалоба на @${alice.domain}`);
    await shot(b, 'chat-report-dialog-ru-1280');
    await b.getByTestId('report-dialog').getByRole('button', { name: 'Отмена' }).click();
    await expectAccessible(b);

    const phone = await pageFor(browser, bob, 'ru', { width: 390, height: 844 });
    await phone.goto('/chat');
    await expect(rowOf(phone, alice).getByTestId('conversation-preview')).toContainText('Вы: Давай здесь');
    await shot(phone, 'chat-list-ru-390');
    await rowOf(phone, alice).click();
    await expect(phone.getByTestId('thread-back')).toHaveAttribute('aria-label', 'Назад к чатам');
    await shot(phone, 'chat-thread-ru-390');

    // A link that cannot open a chat says why, in Russian.
    await phone.goto(`/chat?with=${bob.id}`);
    await expect(phone.getByTestId('chat-start-error')).toContainText('Не удалось открыть этот чат');
  });
});
