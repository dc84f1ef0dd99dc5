import { reviewShot } from './support/shots';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  chromium,
  expect as baseExpect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type LaunchOptions,
  type Page,
} from '@playwright/test';
import QRCode from 'qrcode';
import type { ListedNft } from '@app/shared/schemas/crypto';
import type { MeetingProgress, Mood, RaiseHandRequest } from '@app/shared/schemas/meet';
import type { MeetingFixAnswer } from '@app/shared/socket-events';
import { mintDraw } from '../../api/src/modules/mint/mint-random';
import { expectAccessible } from './support/crypto';
import {
  advanceServer,
  auth,
  DAY_MS,
  meetUser,
  ok,
  SEED,
  serverNow,
  silverHolder,
  test,
  viewOf,
  type MeetUser,
} from './support/meet-server';

/**
 * The user's journey from the live map through the chat to the meeting and mint screen, with two
 * real accounts, each in its own browser context (own
 * storage, own socket, own fake geolocation): twenty minutes together played in seconds, codes
 * confirmed by typing and by a real camera stream, the mint with its celebration, and the
 * screen's refusals and restrictions, in English and Russian on a phone.
 *
 * These tests move the server's clock, so they run on a server of the worker's own
 * (support/meet-server.ts), one after another; only the first mints (twice).
 */

// Two phones, a chain and a server of our own on one machine: screens get a little longer to settle.
const expect = baseExpect.configure({ timeout: 15_000 });
const PHONE = { width: 390, height: 844 };
const HERE = { latitude: 59.93863, longitude: 30.31413 };
/** About a metre north of HERE. */
const NEXT_TO_HERE = { latitude: HERE.latitude + 0.000009, longitude: HERE.longitude };
const STEP_MS = 10_000;

const raiseHand = async (request: APIRequestContext, user: MeetUser, at: typeof HERE, mood: Mood) =>
  ok(
    await request.put('/api/meet/hand', {
      headers: auth(user),
      data: {
        mood,
        durationHours: 3,
        position: { lat: at.latitude, lng: at.longitude, accuracy: 5 },
      } satisfies RaiseHandRequest,
    }),
  );
const markerOf = (page: Page, user: MeetUser) => page.locator(`[data-testid="hand-marker"][data-user-id="${user.id}"]`);

interface Phone {
  page: Page;
  user: MeetUser;
  fixes: FixWatch;
}

/**
 * The fixes a page sends and the answers it gets, whichever way they go (decision 037): over the
 * socket ('meeting:fix' and its ack, as socket.io frames) or by HTTP (POST .../position, the
 * fallback while the socket is not connected). Counted per transport.
 */
interface FixWatch {
  /**
   * The next answer the page gets (progress, or the error body), from now on; or, once the page has
   * heard by any route that the meeting was found (after which it sends nothing), that.
   */
  next(step: number): Promise<MeetingProgress>;
  sent: { socket: number; http: number };
}

const MET = { status: 'met', minutesTogether: 20 } as MeetingProgress;

function watchFixes(page: Page): FixWatch {
  const waiting: ((answer: MeetingProgress) => void)[] = [];
  const sent = { socket: 0, http: 0 };
  let met = false;
  const deliver = (answer: MeetingProgress) => waiting.splice(0).forEach((resolve) => resolve(answer));
  // The screen stops reporting as soon as its view says "met", which a push or a poll may say
  // before any answer of its own did.
  const heardMet = () => {
    met = true;
    deliver(MET);
  };
  page.on('response', (response) => {
    const request = response.request();
    const path = new URL(response.url()).pathname;
    if (request.method() === 'GET' && /^\/api\/meet\/meetings\/\d+$/.test(path)) {
      void response.json().then(
        (view: { progress?: MeetingProgress }) => view.progress?.status === 'met' && heardMet(),
        () => undefined,
      );
      return;
    }
    if (!/^\/api\/meet\/meetings\/\d+\/position$/.test(path) || request.method() !== 'POST') return;
    sent.http += 1;
    void response.json().then(deliver, () => undefined);
  });
  page.on('websocket', (ws) => {
    // socket.io frames: '42<id>["meeting:fix",…]' out, '43<id>[answer]' back.
    const pending = new Set<string>();
    ws.on('framesent', ({ payload }) => {
      const match = /^42(\d+)\["meeting:fix"/.exec(String(payload));
      if (!match) return;
      pending.add(match[1]!);
      sent.socket += 1;
    });
    ws.on('framereceived', ({ payload }) => {
      const text = String(payload);
      if (text.startsWith('42["meeting:update"') && text.includes('"status":"met"')) heardMet();
      const match = /^43(\d+)(\[[\s\S]*\])$/.exec(text);
      if (!match || !pending.delete(match[1]!)) return;
      const [answer] = JSON.parse(match[2]!) as [MeetingFixAnswer];
      deliver(answer.ok ? answer.progress : (answer.error as unknown as MeetingProgress));
    });
  });
  return {
    sent,
    next: (step) =>
      new Promise<MeetingProgress>((resolve, reject) => {
        if (met) return resolve(MET);
        const timer = setTimeout(() => reject(new Error(`no fix from ${page.url()} at step ${step}`)), 15_000);
        waiting.push((answer) => {
          clearTimeout(timer);
          resolve(answer);
        });
      }),
  };
}

/** Every context a test opened, closed after it (a worker runs the tests one after another). */
const opened: BrowserContext[] = [];

/**
 * A phone of `user` in a context of its own: signed in, the language chosen, the cookie banner
 * answered (with the geolocation consent unless `consent` is false) and the browser's location
 * permission granted at `position` (refused when `locationAllowed` is false).
 */
async function phone(
  browser: Browser,
  user: MeetUser,
  lang: 'en' | 'ru',
  position = HERE,
  consent = true,
  locationAllowed = true,
): Promise<Phone> {
  const context = await browser.newContext({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    serviceWorkers: 'block',
    locale: lang === 'ru' ? 'ru-RU' : 'en-US',
    geolocation: { ...position, accuracy: 5 },
    permissions: locationAllowed ? ['geolocation', 'camera'] : ['camera'],
  });
  opened.push(context);
  await context.addInitScript(
    ({ token, lang: language, consent: granted }) => {
      if (sessionStorage.getItem('e2e-signed-in')) return;
      localStorage.setItem('auth', JSON.stringify({ token }));
      localStorage.setItem('accessKey', token);
      localStorage.setItem('locale', language);
      localStorage.setItem('cookie-dialog-hidden', 'true');
      localStorage.setItem('install-app-dialog-hidden', 'true');
      if (granted)
        localStorage.setItem(
          'consents',
          JSON.stringify({ terms: true, ads: true, geolocation: true, decidedAt: new Date().toISOString() }),
        );
      sessionStorage.setItem('e2e-signed-in', '1');
    },
    { token: user.token, lang, consent },
  );
  const page = await context.newPage();
  return { page, user, fixes: watchFixes(page) };
}

const shot = (page: Page, name: string) => reviewShot(page, name, { fullPage: true, fromTop: true });

const progress = (page: Page) => page.getByTestId('meeting-progress');
const minutesShown = async (page: Page) => Number(await progress(page).getAttribute('data-minutes'));
const requirement = (page: Page, key: string) => page.getByTestId(`requirement-${key}`);

/**
 * Plays a meeting: both pages have the screen open on fake clocks that move in lockstep with the
 * server's, STEP_MS at a time, so each step both phones send a fix the server stamps within a
 * moment of each other. Stops once the server has counted the meeting; `onStep` sees the minutes.
 */
async function playMeeting(
  request: APIRequestContext,
  phones: [Phone, Phone],
  onStep?: (minutes: number) => Promise<void>,
) {
  const pages = phones.map((p) => p.page);
  // Both screens send their first fix on opening; from here on the pages' time moves only with the server's.
  let pageTime = (await serverNow(request)) + 2_000;
  await Promise.all(pages.map((page) => page.clock.pauseAt(pageTime)));
  for (let step = 0; step < 200; step++) {
    const fixes = phones.map((p) => p.fixes.next(step));
    const now = await advanceServer(request, STEP_MS);
    await Promise.all(pages.map((page) => page.clock.runFor(now - pageTime)));
    pageTime = now;
    const answers = await Promise.all(fixes);
    // The fix that completes the meeting is the last one either phone needs to send.
    if (answers.some((a) => a.status === 'met')) break;
    await onStep?.(Math.max(...answers.map((a) => a.minutesTogether)));
  }
  // Time flows again on both: countdowns, the socket and the camera need it.
  await Promise.all(pages.map((page) => page.clock.resume()));
  for (const page of pages) await expect(progress(page)).toHaveAttribute('data-status', 'met');
}

/** Opens the meeting screen on both phones with clocks that start at the server's time. */
async function openBoth(request: APIRequestContext, phones: [Phone, Phone]) {
  const now = await serverNow(request);
  for (const [i, { page }] of phones.entries()) {
    const peer = phones[1 - i]!.user;
    await page.clock.install({ time: now });
    await page.goto(`/meet/${peer.id}`);
    await expect(page.getByTestId('peer-name')).toHaveText(peer.firstName);
  }
  for (const { page } of phones)
    await expect(page.getByTestId('location-status')).toHaveAttribute('data-status', 'active');
}

test.describe('the meeting and mint screen', () => {
  // One after another in one worker: one server of our own for all (starting one takes a while).
  test.describe.configure({ mode: 'default', timeout: 240_000 });
  test.afterEach(async () => {
    await Promise.all(opened.splice(0).map((context) => context.close().catch(() => undefined)));
  });

  test('two Silver holders meet for 20 minutes, confirm codes, mint, and both celebrate; the next pair draws a failure, told kindly', async ({
    browser,
    request,
  }) => {
    test.setTimeout(420_000);
    expect(mintDraw(SEED, 0)).toBeLessThan(0.5);
    expect(mintDraw(SEED, 1)).toBeGreaterThanOrEqual(0.5);
    const [anna, boris, clara] = await Promise.all([
      silverHolder(request, 'Anna'),
      silverHolder(request, 'Boris'),
      silverHolder(request, 'Clara'),
    ]);
    // A day and a minute later on the server's clock, both tokens may mint.
    await advanceServer(request, DAY_MS + 60_000);

    const a = await phone(browser, anna, 'en', HERE);
    const b = await phone(browser, boris, 'ru', NEXT_TO_HERE);

    // The whole journey in one test: the map first. Anna raises her hand and Boris sees it; Boris
    // raises his while Anna watches, and it appears on her map live, without a reload.
    await raiseHand(request, anna, HERE, 'chat');
    await b.page.goto('/map');
    await expect(b.page.getByTestId('live-status')).toHaveAttribute('data-live', 'true');
    await expect(markerOf(b.page, anna)).toBeVisible();
    await a.page.goto('/map');
    await expect(a.page.getByTestId('live-status')).toHaveAttribute('data-live', 'true');
    await raiseHand(request, boris, NEXT_TO_HERE, 'romantic');
    // The issue asks for "within a second"; the margin is for a loaded CI machine.
    await expect(markerOf(a.page, boris)).toBeVisible({ timeout: 3_000 });

    // Anna opens Boris's card and writes to him; the message reaches Boris live.
    await markerOf(a.page, boris).click();
    await expect(a.page.getByTestId('hand-card-name')).toContainText('Boris');
    await a.page.getByTestId('hand-card-message').click();
    await a.page.waitForURL(/\/chat\/\d+$/);
    await a.page.getByTestId('composer-input').fill('Hi Boris! Coffee by the fountain?');
    await a.page.getByTestId('composer-input').press('Enter');
    await b.page.goto('/chat');
    await b.page.getByTestId('conversation-preview').filter({ hasText: 'Hi Boris! Coffee by the fountain?' }).click();
    await expect(b.page.getByTestId('message-list').getByText('Hi Boris! Coffee by the fountain?')).toBeVisible();
    await expect(b.page.getByTestId('composer-input')).toBeVisible();
    await b.page.getByTestId('composer-input').fill('Да, иду!');
    await b.page.getByTestId('composer-input').press('Enter');
    await expect(a.page.getByTestId('message-list').getByText('Да, иду!')).toBeVisible();

    // Then they meet: the meeting screen on both phones.
    await openBoth(request, [a, b]);
    await expect(a.page.getByTestId('peer-level')).toHaveText('Silver');
    await expect(b.page.getByTestId('peer-header')).toContainText('Встреча с');
    await expect(requirement(a.page, 'heldLongEnough')).toHaveAttribute('data-met', 'true');
    await expect(requirement(a.page, 'sameLevel')).toContainText('You both hold a Silver token');
    await expect(a.page.getByTestId('mint-chance')).toHaveText('Published chance of success: 50%');
    await expect(a.page.getByTestId('confirm-locked')).toBeVisible();

    let shotTaken = false;
    await playMeeting(request, [a, b], async (minutes) => {
      if (shotTaken || minutes < 10) return;
      shotTaken = true;
      // Progress shows live on both phones (the screen lags the server by at most a step).
      for (const { page } of [a, b]) {
        await expect.poll(() => minutesShown(page)).toBeGreaterThanOrEqual(9);
        await expect(progress(page)).toHaveAttribute('data-status', 'together');
      }
      await expect(a.page.getByTestId('meeting-status-text')).toHaveText('Together — stay close');
      await expect(b.page.getByTestId('meeting-status-text')).toHaveText('Вы рядом — не расходитесь');
      await expect(a.page.getByTestId('peer-presence')).toHaveText('On this screen now');
      await expect(a.page.getByRole('progressbar', { name: 'Time together' })).toHaveAttribute(
        'aria-valuetext',
        /^\d+ of 20 minutes together$/,
      );
      await expect(b.page.getByRole('progressbar', { name: 'Время вместе' })).toHaveAttribute(
        'aria-valuetext',
        /^\d+ из 20 минут вместе$/,
      );
      await shot(a.page, 'meeting-together-en');
      await shot(b.page, 'meeting-together-ru');
    });
    expect(shotTaken).toBe(true);

    await expect(a.page.getByTestId('meeting-status-text')).toHaveText('You met!');
    await expect(b.page.getByTestId('meeting-status-text')).toHaveText('Встреча состоялась!');
    await expect(requirement(a.page, 'met')).toHaveAttribute('data-met', 'true');
    await expect(requirement(a.page, 'confirmed')).toContainText("Each of you scans or types the other's code");
    await expect(a.page.getByTestId('mint-button')).toBeDisabled();
    // Each shows a code for the other, with the countdown to the next one.
    await expect(a.page.getByTestId('my-code')).toHaveAttribute('data-code', /^[2-9A-HJKMNP-Z]{6}$/);
    await expect(a.page.getByTestId('code-countdown')).toHaveText(/^New code in \d+ seconds?$/);
    await expect(b.page.getByTestId('code-countdown')).toHaveText(/^Новый код через \d+ секунд[ауы]?$/);
    await shot(a.page, 'meeting-met-en');
    await shot(b.page, 'meeting-met-ru');

    // A wrong code is refused with the translated error; the field upper-cases what is typed.
    await a.page.getByTestId('type-instead').click();
    await a.page.getByTestId('code-input').fill('abcdef');
    await expect(a.page.getByTestId('code-input')).toHaveValue('ABCDEF');
    await a.page.getByTestId('code-submit').click();
    await expect(a.page.getByTestId('code-help')).toHaveText(
      'This code is not valid or has expired. Scan the code on the other screen again',
    );
    await shot(a.page, 'meeting-wrong-code-en');

    // Each types the other's code.
    const codeOf = async (p: Phone) => (await p.page.getByTestId('my-code').getAttribute('data-code'))!;
    await a.page.getByTestId('code-input').fill(await codeOf(b));
    await a.page.getByTestId('code-submit').click();
    await expect(a.page.getByTestId('confirmed-by-me')).toHaveAttribute('data-done', 'true');
    await expect(a.page.getByTestId('confirmed-by-me')).toHaveText("You confirmed Boris's code");
    await expect(requirement(a.page, 'confirmed')).toContainText('Boris still needs to confirm your code');
    await expect(requirement(b.page, 'confirmed')).toContainText('Отсканируйте или введите код собеседника (Anna)');
    await expect(b.page.getByTestId('confirmed-by-peer')).toHaveAttribute('data-done', 'true');
    await expect(b.page.getByTestId('confirmed-by-peer')).toHaveText('Ваш код подтверждён (Anna)');
    await b.page.getByTestId('type-instead').click();
    await b.page.getByTestId('code-input').fill(await codeOf(a));
    await b.page.getByTestId('code-submit').click();
    for (const { page } of [a, b]) {
      await expect(page.getByTestId('confirmed-by-me')).toHaveAttribute('data-done', 'true');
      await expect(page.getByTestId('confirmed-by-peer')).toHaveAttribute('data-done', 'true');
      for (const key of ['met', 'confirmed', 'sameLevel', 'heldLongEnough', 'kyc', 'pairNotMinted', 'notRestricted']) {
        await expect(requirement(page, key)).toHaveAttribute('data-met', 'true');
      }
      await expect(page.getByTestId('mint-button')).toBeEnabled();
    }
    await expect(a.page.getByTestId('mint-button')).toHaveText('Mint a Silver token');
    await expect(b.page.getByTestId('mint-button')).toHaveText('Выпустить токен Silver');
    await shot(a.page, 'meeting-ready-en');
    await expectAccessible(a.page);
    await shot(b.page, 'meeting-ready-ru');

    // Anna mints; both see the new token and the celebration.
    await a.page.getByTestId('mint-button').click();
    // Both at once: each burst clears itself after four seconds.
    await Promise.all(
      [a, b].map(async ({ page }) => {
        await expect(page.getByTestId('mint-outcome')).toHaveAttribute('data-outcome', 'success', { timeout: 60_000 });
        await expect(page.getByTestId('confetti')).toBeAttached();
      }),
    );
    await expect(a.page.getByTestId('mint-outcome')).toContainText('A new Silver token!');
    await expect(b.page.getByTestId('mint-outcome')).toContainText('Новый токен Silver!');
    const nftId = Number(await a.page.getByTestId('mint-outcome').getAttribute('data-nft'));
    expect(nftId).toBeGreaterThan(0);
    await expect(b.page.getByTestId('mint-outcome')).toHaveAttribute('data-nft', String(nftId));
    await shot(a.page, 'meeting-minted-en');
    await shot(b.page, 'meeting-minted-ru');

    // The token exists, with both as parents, listed on the market; the pair has had its mint.
    const listed = await ok<ListedNft>(await request.get(`/api/crypto/market/nft/${nftId}`));
    expect(listed.level).toBe('SILVER');
    expect([listed.parent1?.id, listed.parent2?.id].sort()).toEqual([anna.id, boris.id].sort());
    await expect(requirement(a.page, 'pairNotMinted')).toContainText('You two already minted');
    await expect(a.page.getByTestId('mint-button')).toHaveCount(0);
    const after = await viewOf(request, boris, anna);
    expect(after.canMint).toBe(false);
    expect(after.lastMint).toMatchObject({ outcome: 'success', nftId });
    await a.page.getByTestId('minted-token-link').click();
    await expect(a.page).toHaveURL(new RegExp(`/market\\?nft=${nftId}$`));
    await expect(a.page.getByTestId('offered-token')).toHaveAttribute('data-nft-id', String(nftId));

    // Boris meets Clara next; their draw fails, and both are told it was luck, not a verdict.
    const c = await phone(browser, clara, 'en', HERE);
    const b2 = await phone(browser, boris, 'ru', NEXT_TO_HERE);
    await openBoth(request, [c, b2]);
    await playMeeting(request, [c, b2]);
    await c.page.getByTestId('type-instead').click();
    await c.page.getByTestId('code-input').fill(await codeOf(b2));
    await c.page.getByTestId('code-submit').click();
    await b2.page.getByTestId('type-instead').click();
    await b2.page.getByTestId('code-input').fill(await codeOf(c));
    await b2.page.getByTestId('code-submit').click();
    await expect(c.page.getByTestId('mint-button')).toBeEnabled();
    await c.page.getByTestId('mint-button').click();
    for (const { page } of [c, b2]) {
      await expect(page.getByTestId('mint-outcome')).toHaveAttribute('data-outcome', 'failure', { timeout: 30_000 });
      await expect(page.getByTestId('confetti')).toHaveCount(0);
      await expect(page.getByTestId('mint-button')).toHaveCount(0);
    }
    await expect(c.page.getByTestId('mint-outcome')).toContainText('Not this time');
    await expect(c.page.getByTestId('mint-outcome')).toContainText('Every mint is a draw with a 50% chance');
    await expect(b2.page.getByTestId('mint-outcome')).toContainText('В этот раз не повезло');
    await expect(requirement(c.page, 'pairNotMinted')).toContainText('You two already had your draw');
    await shot(c.page, 'meeting-failure-en');
    await shot(b2.page, 'meeting-failure-ru');
    expect((await viewOf(request, clara, boris)).lastMint).toMatchObject({ outcome: 'failure', nftId: null });
  });

  test('a fresh pair sees what is missing and why, the location consent, refusals and a live restriction countdown', async ({
    browser,
    request,
  }) => {
    const [vera, gleb] = await Promise.all([meetUser(request, 'Vera'), meetUser(request, 'Gleb')]);

    // Without the geolocation consent nothing is read: the screen explains and asks.
    const v = await phone(browser, vera, 'en', HERE, false);
    await v.page.goto(`/meet/${gleb.id}`);
    await expect(v.page.getByTestId('peer-name')).toHaveText('Gleb');
    await expect(v.page.getByTestId('location-consent')).toContainText('Your location counts the meeting');
    await expect(v.page.getByTestId('meeting-status-text')).toHaveText('Waiting for Gleb to open this screen');
    await expect(v.page.getByTestId('peer-presence')).toHaveText('Not on this screen');
    await expect(requirement(v.page, 'met')).toContainText('0 of 20 minutes together so far');
    await expect(requirement(v.page, 'confirmed')).toContainText('Codes are confirmed once the meeting is counted');
    await expect(requirement(v.page, 'sameLevel')).toContainText("You don't hold a token yet");
    await expect(requirement(v.page, 'sameLevel').getByRole('link', { name: 'Open the market' })).toHaveAttribute(
      'href',
      '/market',
    );
    await expect(requirement(v.page, 'heldLongEnough')).toContainText('First you need tokens of the same level');
    await expect(requirement(v.page, 'pairNotMinted')).toHaveAttribute('data-met', 'true');
    await expect(requirement(v.page, 'notRestricted')).toHaveAttribute('data-met', 'true');
    await expect(v.page.getByTestId('mint-level')).toContainText('No common token level yet');
    await expect(v.page.getByTestId('mint-button')).toBeDisabled();
    await expect(v.page.getByTestId('confirm-locked')).toBeVisible();
    await shot(v.page, 'meeting-consent-en');
    await expectAccessible(v.page);

    await v.page.getByRole('button', { name: 'Allow location' }).click();
    await expect(v.page.getByTestId('location-consent')).toHaveCount(0);
    await expect(v.page.getByTestId('location-status')).toHaveAttribute('data-status', 'active');
    await expect(v.page.getByTestId('location-status')).toHaveText(
      'Sharing your position with the server · accurate to 5 m',
    );

    // Gleb opens it too, in Russian: each sees the other there.
    const g = await phone(browser, gleb, 'ru', NEXT_TO_HERE);
    await g.page.goto(`/meet/${vera.id}`);
    await expect(g.page.getByTestId('peer-name')).toHaveText('Vera');
    await expect(g.page.getByTestId('peer-presence')).toHaveText('Сейчас на этом экране');
    await expect(v.page.getByTestId('peer-presence')).toHaveText('On this screen now', { timeout: 15_000 });
    await expect(requirement(g.page, 'sameLevel')).toContainText('У вас пока нет токена');

    // With the socket connected, the screens' fixes travel over it (decision 037), not by HTTP: the
    // next two of each (one may already have been on its way) go over the socket, none by HTTP.
    const before = [v, g].map((p) => ({ ...p.fixes.sent }));
    await Promise.all(
      [v, g].map((p, i) =>
        expect.poll(() => p.fixes.sent.socket, { timeout: 20_000 }).toBeGreaterThanOrEqual(before[i]!.socket + 2),
      ),
    );
    expect([v, g].map((p) => p.fixes.sent.http)).toEqual(before.map((b) => b.http));
    await shot(v.page, 'meeting-fresh-en');
    await shot(g.page, 'meeting-fresh-ru');

    // A second account on Vera's device restricts both for 72 hours; the time left counts down.
    const fingerprint = await v.page.evaluate(() => localStorage.getItem('fp'));
    expect(fingerprint).toBeTruthy();
    const other = await meetUser(request, 'Olga');
    await request.get(`/api/meet/meetings/${vera.id}`, {
      headers: { ...auth(other), 'x-device-fingerprint': fingerprint! },
    });
    await advanceServer(request, 40 * 60_000);
    await v.page.reload();
    await expect(requirement(v.page, 'notRestricted')).toHaveAttribute('data-met', 'false');
    await expect(requirement(v.page, 'notRestricted')).toContainText(
      'Minting is restricted for 71 hours 20 minutes. This device was used by several accounts.',
    );
    await shot(v.page, 'meeting-restricted-en');
    await g.page.reload();
    await expect(requirement(g.page, 'notRestricted')).toContainText('Выпуск для собеседника (Vera) пока ограничен');

    // Refusals are said plainly: oneself, and a link that names nobody.
    await v.page.goto(`/meet/${vera.id}`);
    await expect(v.page.getByTestId('meeting-error')).toHaveAttribute('data-code', 'SELF_ACTION_NOT_ALLOWED');
    await v.page.goto('/meet/nobody');
    await expect(v.page.getByTestId('meeting-error')).toHaveText(
      'This meeting link is not valid. Open it again from the map or the chat.',
    );
    await g.page.goto('/meet/999999');
    await expect(g.page.getByTestId('meeting-error')).toHaveAttribute('data-code', 'NOT_FOUND');
    await shot(g.page, 'meeting-not-found-ru');

    // The browser refusing location (the consent given) is explained, with a way to try again.
    const o = await phone(browser, other, 'en', HERE, true, false);
    await o.page.goto(`/meet/${gleb.id}`);
    await expect(o.page.getByTestId('location-denied')).toContainText('Location is blocked for this site');
    await expect(o.page.getByTestId('location-denied').getByRole('button', { name: 'Try again' })).toBeVisible();
    await shot(o.page, 'meeting-denied-en');

    // Wider screens put the mint beside the meeting.
    await v.page.setViewportSize({ width: 1280, height: 900 });
    await v.page.goto(`/meet/${gleb.id}`);
    await expect(requirement(v.page, 'notRestricted')).toHaveAttribute('data-met', 'false');
    await shot(v.page, 'meeting-restricted-en-1280');
  });

  test("confirms by pointing a real camera stream at the other phone's QR code", async ({
    browser,
    request,
  }, testInfo) => {
    const [dina, egor] = await Promise.all([meetUser(request, 'Dina'), meetUser(request, 'Egor')]);
    // Chromium's fake camera plays a Y4M file: first a QR code that is no meeting code, then Egor's.
    const video = path.join(os.tmpdir(), `meeting-camera-${process.pid}-${testInfo.workerIndex}.y4m`);
    writeQrVideo(video, 'https://example.com/not-a-meeting');
    const launch = testInfo.project.use.launchOptions as LaunchOptions;
    const cameraBrowser = await chromium.launch({
      ...launch,
      args: [
        ...(launch.args ?? []),
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    try {
      const d = await phone(cameraBrowser, dina, 'en', HERE);
      const e = await phone(browser, egor, 'ru', NEXT_TO_HERE);
      await openBoth(request, [d, e]);
      await playMeeting(request, [d, e]);

      await d.page.getByTestId('scan-button').click();
      await expect(d.page.getByTestId('scanner-hint')).toHaveText(
        "That QR code isn't a meeting code. Point at the one on Egor's meeting screen.",
        { timeout: 15_000 },
      );
      await reviewShot(d.page, 'meeting-scanner-en');
      await d.page.getByRole('button', { name: 'Close' }).click();
      await expect(d.page.getByTestId('qr-scanner')).toHaveCount(0);

      writeQrVideo(video, (await e.page.getByTestId('my-qr').getAttribute('data-qr'))!);
      await d.page.getByTestId('scan-button').click();
      await expect(d.page.getByTestId('confirmed-by-me')).toHaveAttribute('data-done', 'true', { timeout: 20_000 });
      await expect(d.page.getByTestId('qr-scanner')).toHaveCount(0);
      await expect(e.page.getByTestId('confirmed-by-peer')).toHaveAttribute('data-done', 'true');
      expect((await viewOf(request, egor, dina)).confirmedByPeer).toBe(true);
    } finally {
      await cameraBrowser.close();
      fs.rmSync(video, { force: true });
    }
  });
});

/**
 * A Y4M video (what Chromium's fake camera plays, looped) of a QR code on a grey desk: 640x480,
 * a few identical frames, luma only (chroma neutral).
 */
function writeQrVideo(file: string, text: string) {
  const width = 640;
  const height = 480;
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const cells = modules.size + quiet * 2;
  const scale = Math.floor((height * 0.85) / cells);
  const left = Math.floor((width - cells * scale) / 2);
  const top = Math.floor((height - cells * scale) / 2);
  const luma = Buffer.alloc(width * height, 90);
  for (let y = 0; y < cells * scale; y++) {
    for (let x = 0; x < cells * scale; x++) {
      const row = Math.floor(y / scale) - quiet;
      const col = Math.floor(x / scale) - quiet;
      const dark = row >= 0 && col >= 0 && row < modules.size && col < modules.size && modules.get(row, col);
      luma[(top + y) * width + left + x] = dark ? 16 : 235;
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  fs.writeFileSync(file, Buffer.concat([header, ...Array.from({ length: 10 }, () => frame)]));
}
