import crypto from 'node:crypto';
import { reviewShot } from './support/shots';
import fs from 'node:fs';
import sharp from 'sharp';
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { MyHandState, RaiseHandRequest } from '@app/shared/schemas/meet';
import { ageOn } from '@app/shared/validation/rules';
import { expectAccessible } from './support/crypto';
import { uniqueEmail } from './support/mail';

/**
 * The live map between real accounts, each in its own browser context (own storage, own socket,
 * own fake geolocation): raising hands and seeing each other appear, move and vanish without a
 * reload, filters, the list with coarse distances, the hand's card with its links, ghost mode, a
 * user far away left out, and no exact position of anyone else in anything the page receives.
 */

// Two or three browsers with WebGL maps and a shared server: more than the default 30 s each.
test.describe.configure({ timeout: 240_000 });

interface MapUser {
  id: number;
  token: string;
  firstName: string;
  domain: string;
}

interface Spot {
  latitude: number;
  longitude: number;
}

// Odd digits on purpose: these strings must never show up in what another user's page receives.
const ANNA_AT: Spot = { latitude: 52.520317, longitude: 13.405129 };
const BORIS_AT: Spot = { latitude: 52.521537, longitude: 13.407219 };
/** About 400 m further east and north: still under 500 m from Anna, in another grid cell. */
const BORIS_WALKED: Spot = { latitude: 52.523113, longitude: 13.411337 };
/** The other tests stand a few kilometres away, out of sight of this one's hands. */
const VERA_AT: Spot = { latitude: 52.492, longitude: 13.372 };
const GLEB_AT: Spot = { latitude: 52.4931, longitude: 13.3704 };
const DANA_AT: Spot = { latitude: 52.545, longitude: 13.44 };
/** Moscow: far outside anything the map in Berlin watches. */
const FAR_AWAY: Spot = { latitude: 55.751244, longitude: 37.618423 };

/** Everyone here is born on 14.07.1995. */
const BIRTHDAY = '14.07.1995';
const AGE = ageOn(new Date('1995-07-14T00:00:00Z'), new Date());

const exactStrings = (spot: Spot) => [String(spot.latitude), String(spot.longitude)];

const auth = (user: MapUser) => ({ authorization: `Bearer ${user.token}` });

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** A round-ish photo in one colour, so the markers in the screenshots look like people's avatars. */
async function photo(hue: [number, number, number]): Promise<Buffer> {
  const size = 256;
  const pixels = Buffer.alloc(size * size * 3);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 3;
      const light = 0.55 + 0.45 * (1 - Math.hypot(x - size / 2, y - size / 3) / size);
      pixels[i] = hue[0] * light;
      pixels[i + 1] = hue[1] * light;
      pixels[i + 2] = hue[2] * light;
    }
  }
  return sharp(pixels, { raw: { width: size, height: size, channels: 3 } })
    .jpeg()
    .toBuffer();
}

/** An account with a complete profile (first and last name, nickname, an adult's birthday, gender). */
async function mapUser(
  request: APIRequestContext,
  firstName: string,
  hue?: [number, number, number],
): Promise<MapUser> {
  const domain = `${firstName.toLowerCase()}${crypto.randomBytes(3).toString('hex')}`;
  const record = await ok<{ token: string; user: { id: number } }>(
    await request.post('/api/user/register', {
      data: {
        email: uniqueEmail(firstName.toLowerCase()),
        password: 'Secret12',
        locale: 'en',
        firstName,
        lastName: 'Tester',
        domain,
        gender: 1,
        birthday: BIRTHDAY,
      },
    }),
  );
  const user = { id: record.user.id, token: record.token, firstName, domain };
  if (hue) {
    await ok(
      await request.post('/api/media', {
        headers: auth(user),
        multipart: {
          album: 'profile_photos',
          files: { name: 'me.jpg', mimeType: 'image/jpeg', buffer: await photo(hue) },
        },
      }),
    );
  }
  return user;
}

/** Raises a hand through the API, as the dialog would. */
const raiseHand = async (
  request: APIRequestContext,
  user: MapUser,
  at: Spot,
  hand: Omit<RaiseHandRequest, 'position'>,
) =>
  ok<MyHandState>(
    await request.put('/api/meet/hand', {
      headers: auth(user),
      data: { ...hand, position: { lat: at.latitude, lng: at.longitude, accuracy: 10 } },
    }),
  );

/** Everything a page receives: response bodies and websocket frames, to look for leaked positions. */
function recordReceived(page: Page): string[] {
  const received: string[] = [];
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (!/json|text/.test(type)) return;
    response.text().then(
      (text) => received.push(text),
      () => undefined,
    );
  });
  page.on('websocket', (ws) =>
    ws.on('framereceived', (frame) =>
      received.push(typeof frame.payload === 'string' ? frame.payload : frame.payload.toString('utf8')),
    ),
  );
  return received;
}

interface Opened {
  context: BrowserContext;
  page: Page;
  received: string[];
}

/** A signed-in page in a context of its own, standing at `at`, with the geolocation consent given (or not). */
async function openMap(
  browser: Browser,
  user: MapUser,
  at: Spot,
  options: { lang?: 'en' | 'ru'; viewport?: { width: number; height: number }; consent?: boolean } = {},
): Promise<Opened> {
  const { lang = 'en', viewport = { width: 1280, height: 800 }, consent = true } = options;
  const context = await browser.newContext({
    viewport,
    geolocation: at,
    permissions: ['geolocation'],
    serviceWorkers: 'block',
    locale: lang === 'ru' ? 'ru-RU' : 'en-US',
    // Two software-rendered maps at once: no pulsing markers eating the CPU.
    reducedMotion: 'reduce',
  });
  await context.addInitScript(
    ({ token, language, consent: given }) => {
      if (sessionStorage.getItem('e2e-signed-in')) return;
      localStorage.setItem('auth', JSON.stringify({ token }));
      localStorage.setItem('accessKey', token);
      localStorage.setItem('locale', language);
      localStorage.setItem('cookie-dialog-hidden', 'true');
      if (given)
        localStorage.setItem(
          'consents',
          JSON.stringify({ terms: true, ads: false, geolocation: true, decidedAt: new Date().toISOString() }),
        );
      sessionStorage.setItem('e2e-signed-in', '1');
    },
    { token: user.token, language: lang, consent },
  );
  const page = await context.newPage();
  const received = recordReceived(page);
  await page.goto('/map');
  // The first visit of a run builds nothing, but a loaded machine may take a while to start the app.
  await expect(page.getByTestId('map-page')).toBeVisible({ timeout: 30_000 });
  return { context, page, received };
}

const markerOf = (page: Page, user: MapUser) => page.locator(`[data-testid="hand-marker"][data-user-id="${user.id}"]`);
const rowOf = (page: Page, user: MapUser) => page.locator(`[data-testid="hand-row"][data-user-id="${user.id}"]`);

/** The map is drawn and the socket watches the area around the viewer. */
async function mapReady(page: Page) {
  await expect(page.getByTestId('hand-map')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-live', 'true', { timeout: 10_000 });
}

async function raiseThroughDialog(
  page: Page,
  mood: 'romantic' | 'business' | 'chat',
  note: string,
  hours: 1 | 3 | 8,
  shot?: string,
) {
  await page.getByTestId('raise-hand').click();
  const dialog = page.getByTestId('raise-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId(`raise-mood-${mood}`).click();
  await dialog.getByTestId('raise-note').fill(note);
  await expect(dialog.getByTestId('raise-note-counter')).toHaveText(`${note.length}/140`);
  await dialog.getByTestId(`raise-duration-${hours}`).click();
  if (shot) await reviewShot(page, shot);
  await dialog.getByTestId('raise-submit').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('my-hand')).toHaveAttribute('data-mood', mood);
}

const shoot = (page: Page, name: string) => reviewShot(page, name);

test.beforeAll(() => fs.mkdirSync('/tmp/shots', { recursive: true }));

test('two people see each other live: raise, filter, list, card, move, lower, ghost; far away and exact positions never shown', async ({
  browser,
  request,
}) => {
  const anna = await mapUser(request, 'Anna', [235, 120, 160]);
  const boris = await mapUser(request, 'Boris', [110, 150, 235]);
  const far = await mapUser(request, 'Fyodor');
  await raiseHand(request, far, FAR_AWAY, { mood: 'romantic', durationHours: 3, note: 'Far away' });

  const a = await openMap(browser, anna, ANNA_AT);
  const b = await openMap(browser, boris, BORIS_AT);
  await mapReady(a.page);
  await mapReady(b.page);
  await expect(a.page.getByTestId('hand-list-empty')).toBeVisible();
  await expect(a.page.getByTestId('own-marker')).toHaveAttribute('data-raised', 'false');

  // Anna raises her hand; Boris's open map shows her within a moment, without a reload.
  await raiseThroughDialog(a.page, 'romantic', 'Coffee at the corner?', 1, 'map-en-1280-raise-dialog');
  await expect(a.page.getByTestId('my-hand-countdown')).toHaveText(/^(1:00:00|59:\d\d)$/);
  await expect(a.page.getByTestId('own-marker')).toHaveAttribute('data-raised', 'true');
  await expect(markerOf(b.page, anna)).toBeVisible({ timeout: 3_000 });
  await expect(markerOf(b.page, anna)).toHaveAttribute('data-mood', 'romantic');
  await expect(markerOf(b.page, anna)).toHaveAccessibleName(`Anna, ${AGE}, Romantic, < 500 m`);

  // Boris raises his; Anna sees him the same way.
  await raiseThroughDialog(b.page, 'business', 'Looking for a co-founder', 3);
  await expect(markerOf(a.page, boris)).toBeVisible({ timeout: 3_000 });
  await expect(markerOf(a.page, boris)).toHaveAttribute('data-mood', 'business');

  // The one far away is in neither map nor list.
  await expect(a.page.getByTestId('hand-marker')).toHaveCount(1);
  await expect(a.page.getByTestId('hand-row')).toHaveCount(1);
  await expect(markerOf(a.page, far)).toHaveCount(0);

  // The list beside the map: Boris with a coarse distance and his time left.
  await expect(rowOf(a.page, boris)).toContainText(`Boris, ${AGE}`);
  await expect(rowOf(a.page, boris).getByTestId('hand-distance')).toHaveText('< 500 m');
  await expect(a.page.getByText('1 raised hand around you')).toBeVisible();
  await shoot(a.page, 'map-en-1280');

  // Filters: switching Business off hides him on the map and in the list; on again shows him.
  await a.page.getByTestId('filter-mood-business').click();
  await expect(a.page.getByTestId('filter-mood-business')).toHaveAttribute('aria-pressed', 'false');
  await expect(markerOf(a.page, boris)).toHaveCount(0);
  await expect(a.page.getByTestId('hand-list-empty')).toContainText('Nobody matches these filters');
  await a.page.getByTestId('filter-mood-business').click();
  await expect(markerOf(a.page, boris)).toBeVisible();
  // Level: he holds no Gold token.
  await a.page.getByTestId('filter-level-GOLD').click();
  await expect(markerOf(a.page, boris)).toHaveCount(0);
  await a.page.getByTestId('filter-level-any').click();
  await expect(markerOf(a.page, boris)).toBeVisible();

  // His card, from the marker: the public profile and the two ways on.
  await markerOf(a.page, boris).click();
  const card = a.page.getByTestId('hand-card');
  await expect(card).toBeVisible();
  await expect(card.getByTestId('hand-card-name')).toHaveText(`Boris, ${AGE}`);
  await expect(card.getByTestId('hand-card-nickname')).toHaveText(`@${boris.domain}`);
  await expect(card.getByTestId('hand-card-mood')).toHaveText('Business');
  await expect(card.getByTestId('hand-card-note')).toHaveText('Looking for a co-founder');
  await expect(card.getByTestId('hand-card-distance')).toHaveText('< 500 m');
  await expect(card.getByTestId('hand-card-time')).toHaveText(/^(3:00:00|2:5\d:\d\d)$/);
  await expect(card.getByTestId('hand-card-verified')).toHaveCount(0);
  await expect(card.getByRole('link', { name: 'Message' })).toHaveAttribute('href', `/chat?with=${boris.id}`);
  await expect(card.getByRole('link', { name: 'Meet' })).toHaveAttribute('href', `/meet/${boris.id}`);
  await shoot(a.page, 'map-en-1280-card');
  await expectAccessible(a.page);
  await card.getByRole('button', { name: 'Close' }).click();
  await expect(card).toBeHidden();
  // The same card from the list row.
  await rowOf(a.page, boris).click();
  await expect(card.getByTestId('hand-card-name')).toHaveText(`Boris, ${AGE}`);
  await a.page.keyboard.press('Escape');
  await expect(card).toBeHidden();

  // Boris walks: his page follows the device and his marker glides to its new place on Anna's map.
  const before = await markerOf(a.page, boris).boundingBox();
  await b.context.setGeolocation(BORIS_WALKED);
  await expect
    .poll(
      async () => {
        const now = await markerOf(a.page, boris).boundingBox();
        return now && before ? Math.hypot(now.x - before.x, now.y - before.y) : 0;
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThan(20);

  // Boris lowers his hand: it vanishes from Anna's map and list without a reload.
  await b.page.getByTestId('lower-hand').click();
  await expect(b.page.getByTestId('raise-hand')).toBeVisible();
  await expect(markerOf(a.page, boris)).toHaveCount(0, { timeout: 3_000 });
  await expect(rowOf(a.page, boris)).toHaveCount(0);

  // Ghost mode: Anna disappears from Boris's map while it is on, and comes back when it is off.
  await expect(markerOf(b.page, anna)).toBeVisible();
  await a.page.getByTestId('ghost-switch').click();
  await expect(a.page.getByTestId('ghost-switch')).toBeChecked();
  await expect(a.page.getByTestId('ghost-on')).toBeVisible();
  await expect(markerOf(b.page, anna)).toHaveCount(0, { timeout: 3_000 });
  await shoot(a.page, 'map-en-1280-ghost');
  // Not in Boris's list either, even after he reloads.
  await b.page.reload();
  await mapReady(b.page);
  await expect(markerOf(b.page, anna)).toHaveCount(0);
  await a.page.getByTestId('ghost-switch').click();
  await expect(a.page.getByTestId('ghost-switch')).not.toBeChecked();
  await expect(markerOf(b.page, anna)).toBeVisible({ timeout: 3_000 });

  // Nobody's page ever received the other's exact coordinates.
  for (const text of [...exactStrings(BORIS_AT), ...exactStrings(BORIS_WALKED)])
    expect(a.received.join('\n')).not.toContain(text);
  for (const text of exactStrings(ANNA_AT)) expect(b.received.join('\n')).not.toContain(text);
  for (const text of exactStrings(FAR_AWAY)) expect([...a.received, ...b.received].join('\n')).not.toContain(text);
  // ...while they did receive hand events and lists (the check above looked at real traffic).
  expect(a.received.some((text) => text.includes('hand:update'))).toBe(true);
  expect(a.received.some((text) => text.includes('"items"'))).toBe(true);

  await a.context.close();
  await b.context.close();
});

test('in Russian on a phone: the consent first, then the map, the list tab, raising a hand and a card', async ({
  browser,
  request,
}) => {
  const vera = await mapUser(request, 'Vera', [240, 190, 90]);
  const gleb = await mapUser(request, 'Gleb', [120, 200, 160]);
  await raiseHand(request, gleb, GLEB_AT, { mood: 'chat', durationHours: 8, note: 'Кто на прогулку по парку?' });

  const v = await openMap(browser, vera, VERA_AT, {
    lang: 'ru',
    viewport: { width: 390, height: 844 },
    consent: false,
  });
  const page = v.page;
  // No consent yet: an explanation and a button, never a blank map.
  const gate = page.getByTestId('location-gate');
  await expect(gate).toHaveAttribute('data-status', 'needs-consent');
  await expect(gate.getByRole('heading', { name: 'Посмотрите, кто рядом' })).toBeVisible();
  await shoot(page, 'map-ru-390-consent');
  await gate.getByRole('button', { name: 'Поделиться местоположением' }).click();
  await mapReady(page);
  await expect(page.getByTestId('map-page')).toHaveAttribute('data-layout', 'phone');
  await expect(markerOf(page, gleb)).toBeVisible();
  await expect(markerOf(page, gleb)).toHaveAccessibleName(`Gleb, ${AGE}, Просто общение, < 500 м`);
  await expect(page.getByTestId('mood-legend')).toContainText('Романтика');
  await shoot(page, 'map-ru-390');

  // The list tab: the same hand with a coarse distance in Russian.
  await page.getByRole('tab', { name: 'Список · 1' }).click();
  await expect(rowOf(page, gleb).getByTestId('hand-distance')).toHaveText('< 500 м');
  await expect(page.getByText('1 поднятая рука рядом')).toBeVisible();
  await shoot(page, 'map-ru-390-list');
  await rowOf(page, gleb).click();
  const card = page.getByTestId('hand-card');
  await expect(card.getByTestId('hand-card-mood')).toHaveText('Просто общение');
  await expect(card.getByRole('link', { name: 'Написать' })).toHaveAttribute('href', `/chat?with=${gleb.id}`);
  await expect(card.getByRole('link', { name: 'Встретиться' })).toHaveAttribute('href', `/meet/${gleb.id}`);
  await shoot(page, 'map-ru-390-card');
  await card.getByRole('button', { name: 'Закрыть' }).click();
  await page.getByRole('tab', { name: 'Карта' }).click();

  // Raising a hand in Russian, with a live countdown and the mood in the status bar.
  await page.getByRole('button', { name: 'Поднять руку' }).click();
  const dialog = page.getByTestId('raise-dialog');
  await expect(dialog.getByRole('heading', { name: 'Поднять руку' })).toBeVisible();
  await dialog.getByRole('radio', { name: /Романтика/ }).click();
  await dialog.getByRole('button', { name: '8 ч' }).click();
  await shoot(page, 'map-ru-390-raise-dialog');
  await dialog.getByRole('button', { name: 'Поднять руку' }).click();
  await expect(page.getByTestId('my-hand')).toContainText('Ваша рука поднята · Романтика');
  const countdown = page.getByTestId('my-hand-countdown');
  const first = await countdown.textContent();
  await expect(countdown).not.toHaveText(first!, { timeout: 3_000 });
  // Change the mood from the status bar.
  await page.getByRole('button', { name: 'Сменить настроение' }).click();
  await page.getByRole('menuitem', { name: 'Бизнес' }).click();
  await expect(page.getByTestId('my-hand')).toHaveAttribute('data-mood', 'business');
  await shoot(page, 'map-ru-390-raised');
  await expectAccessible(page);

  // The desktop layout in Russian for the screenshots.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByTestId('map-page')).toHaveAttribute('data-layout', 'desktop');
  await mapReady(page);
  await expect(markerOf(page, gleb)).toBeVisible();
  await shoot(page, 'map-ru-1280');
  await v.context.close();
});

test('in English on a phone: an incomplete profile is sent to the profile instead of the map and the chat; then location blocked, a way to try again, and the map', async ({
  browser,
  request,
}) => {
  // Registered, but the profile is not filled in yet.
  const email = uniqueEmail('dana');
  const registered = await ok<{ token: string; user: { id: number } }>(
    await request.post('/api/user/register', { data: { email, password: 'Secret12', locale: 'en' } }),
  );
  const dana = { token: registered.token };
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'block',
    geolocation: DANA_AT,
    reducedMotion: 'reduce',
  });
  await context.addInitScript((token) => {
    if (sessionStorage.getItem('e2e-signed-in')) return;
    localStorage.setItem('auth', JSON.stringify({ token }));
    localStorage.setItem('accessKey', token);
    localStorage.setItem('locale', 'en');
    localStorage.setItem('cookie-dialog-hidden', 'true');
    localStorage.setItem(
      'consents',
      JSON.stringify({ terms: true, ads: true, geolocation: true, decidedAt: new Date().toISOString() }),
    );
    sessionStorage.setItem('e2e-signed-in', '1');
  }, dana.token);
  const page = await context.newPage();

  // The server's meet gate refuses the map to an incomplete profile: the page says why and where to go.
  await page.goto('/map');
  const gate = page.getByTestId('meet-gate');
  await expect(gate).toHaveAttribute('data-reason', 'profile-incomplete', { timeout: 30_000 });
  await expect(gate.getByRole('heading', { name: 'Complete your profile first' })).toBeVisible();
  await expect(page.getByTestId('map-page')).toHaveCount(0);
  await expect(page.getByTestId('location-gate')).toHaveCount(0);
  await expectAccessible(page);
  await shoot(page, 'meet-gate-en-390-map');
  await page.setViewportSize({ width: 1280, height: 800 });
  await shoot(page, 'meet-gate-en-1280-map');
  await page.setViewportSize({ width: 390, height: 844 });
  // The server refuses it too, with the catalogue's code: the map's hands and raising a hand.
  const near = { lat: DANA_AT.latitude, lng: DANA_AT.longitude };
  const refused = await request.put('/api/meet/hand', {
    headers: { authorization: `Bearer ${dana.token}` },
    data: { mood: 'chat', durationHours: 1, position: near },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).code).toBe('PROFILE_INCOMPLETE');
  // The chat says the same.
  await page.goto('/chat');
  await expect(page.getByTestId('meet-gate')).toHaveAttribute('data-reason', 'profile-incomplete');
  await expect(page.getByTestId('chat-page')).toHaveCount(0);
  // The button leads to the profile form.
  await page.getByRole('link', { name: 'Complete the profile' }).click();
  await expect(page).toHaveURL(/\/auth\/update-profile$/);

  // Profile completed: the map opens, and asks for the location first.
  await ok(
    await request.post('/api/user/profile-update', {
      headers: { authorization: `Bearer ${dana.token}` },
      data: {
        firstName: 'Dana',
        lastName: 'Tester',
        domain: `dana${crypto.randomBytes(3).toString('hex')}`,
        gender: 1,
        birthday: BIRTHDAY,
      },
    }),
  );
  await page.goto('/map');
  await expect(page.getByTestId('map-page')).toBeVisible({ timeout: 30_000 });
  // The context did not grant the browser permission: the browser refuses.
  const location = page.getByTestId('location-gate');
  await expect(location).toHaveAttribute('data-status', 'denied');
  await expect(location).toContainText('Location is blocked');
  await shoot(page, 'map-en-390-denied');
  await context.grantPermissions(['geolocation']);
  await location.getByRole('button', { name: 'Try again' }).click();
  await mapReady(page);
  await shoot(page, 'map-en-390');
  await page.getByRole('tab', { name: /List/ }).click();
  await shoot(page, 'map-en-390-list');
  await context.close();
});

test('the meet gate in Russian, on a desktop and on a phone, on the map and in the chat', async ({
  browser,
  request,
}) => {
  const incomplete = await ok<{ token: string }>(
    await request.post('/api/user/register', {
      data: { email: uniqueEmail('zoya'), password: 'Secret12', locale: 'ru' },
    }),
  );
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  await context.addInitScript((token) => {
    if (sessionStorage.getItem('e2e-signed-in')) return;
    localStorage.setItem('auth', JSON.stringify({ token }));
    localStorage.setItem('accessKey', token);
    localStorage.setItem('locale', 'ru');
    localStorage.setItem('cookie-dialog-hidden', 'true');
    sessionStorage.setItem('e2e-signed-in', '1');
  }, incomplete.token);
  const page = await context.newPage();
  await page.goto('/map');
  const gate = page.getByTestId('meet-gate');
  await expect(gate).toHaveAttribute('data-reason', 'profile-incomplete', { timeout: 30_000 });
  await expect(gate.getByRole('heading', { name: 'Сначала заполните профиль' })).toBeVisible();
  await expect(gate.getByRole('link', { name: 'Заполнить профиль' })).toHaveAttribute('href', '/auth/update-profile');
  await expectAccessible(page);
  await shoot(page, 'meet-gate-ru-1280-map');
  await page.goto('/chat');
  await expect(page.getByTestId('meet-gate')).toContainText('Сообщения');
  await shoot(page, 'meet-gate-ru-1280-chat');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('meet-gate').getByRole('link', { name: 'Заполнить профиль' })).toBeInViewport();
  await shoot(page, 'meet-gate-ru-390-chat');
  await context.close();
});
