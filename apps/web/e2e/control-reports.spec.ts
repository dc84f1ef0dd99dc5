import crypto from 'node:crypto';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { ChatMessage, Conversation } from '@app/shared/schemas/chat';
import { expectAccessible, shoot } from './support/crypto';
import { uniqueEmail } from './support/mail';
import { seededUsers } from './support/tokens';

/**
 * Reports and people in the admin area: a person reports another whose raised hand a third person
 * watches on the map; the admin sees the report with the message in its conversation, blocks the
 * account, and the hand leaves the watcher's map at once; then the admin finds the person under
 * People and unblocks them. The person's page is checked in Russian at tablet width.
 */

// An admin browser and a WebGL map on two cores.
test.describe.configure({ timeout: 120_000 });

interface Person {
  id: number;
  token: string;
  email: string;
  domain: string;
}

/** Hamburg: no other journey raises hands here. */
const HAND_AT = { latitude: 53.55108, longitude: 9.99368 };
const WATCHER_AT = { latitude: 53.55201, longitude: 9.99512 };

const auth = (person: Person) => ({ authorization: `Bearer ${person.token}` });

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** An adult with a complete profile: chat and the map are open to them. */
async function adult(request: APIRequestContext, firstName: string): Promise<Person> {
  const email = uniqueEmail(firstName.toLowerCase());
  const domain = `${firstName.toLowerCase()}${crypto.randomBytes(3).toString('hex')}`;
  const record = await ok<{ token: string; user: { id: number } }>(
    await request.post('/api/user/register', {
      data: {
        email,
        password: 'Secret12',
        locale: 'en',
        firstName,
        lastName: 'Tester',
        domain,
        gender: 1,
        birthday: '14.07.1995',
      },
    }),
  );
  return { id: record.user.id, token: record.token, email, domain };
}

async function say(request: APIRequestContext, from: Person, to: Person, text: string) {
  const conversation = await ok<Conversation>(
    await request.post('/api/chat/conversations', { headers: auth(from), data: { userId: to.id } }),
  );
  return ok<ChatMessage>(
    await request.post(`/api/chat/conversations/${conversation.id}/messages`, {
      headers: auth(from),
      data: { clientMessageId: crypto.randomUUID(), text },
    }),
  );
}

/** A signed-in page in its own context, with its language, width and (for the map) position. */
async function openAs(
  browser: Browser,
  token: string,
  options: { lang: 'en' | 'ru'; width: number; at?: typeof HAND_AT },
): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: options.width, height: 900 },
    locale: options.lang === 'ru' ? 'ru-RU' : 'en-US',
    serviceWorkers: 'block',
    reducedMotion: 'reduce',
    ...(options.at && { geolocation: options.at, permissions: ['geolocation'] }),
  });
  await context.addInitScript(
    ({ token: value, lang }) => {
      if (sessionStorage.getItem('e2e-signed-in')) return;
      localStorage.setItem('auth', JSON.stringify({ token: value }));
      localStorage.setItem('accessKey', value);
      localStorage.setItem('locale', lang);
      localStorage.setItem('cookie-dialog-hidden', 'true');
      localStorage.setItem(
        'consents',
        JSON.stringify({ terms: true, ads: false, geolocation: true, decidedAt: new Date().toISOString() }),
      );
      sessionStorage.setItem('e2e-signed-in', '1');
    },
    { token, lang: options.lang },
  );
  return context.newPage();
}

// Its own words each run, so a repeated run on the same server finds its own report.
const COMMENT = `Asks for money before meeting (${Date.now()})`;

test('an admin blocks a reported person from the queue, the hand leaves the map, and unblocks them under People', async ({
  browser,
  request,
}) => {
  const [rita, oleg, vera] = [await adult(request, 'Rita'), await adult(request, 'Oleg'), await adult(request, 'Vera')];
  await say(request, rita, oleg, 'Hi! Are you near the harbour?');
  const bad = await say(request, oleg, rita, 'Send 50 USDT first and I will show you the way');
  await say(request, oleg, rita, 'Quick, the offer ends soon');
  await ok(
    await request.post('/api/report', {
      headers: auth(rita),
      data: { userId: oleg.id, reason: 'scam', comment: COMMENT, messageId: bad.id },
    }),
  );
  // A second report on the same person lifts him to the top of the queue.
  await ok(await request.post('/api/report', { headers: auth(vera), data: { userId: oleg.id, reason: 'spam' } }));
  await ok(
    await request.put('/api/meet/hand', {
      headers: auth(oleg),
      data: {
        mood: 'chat',
        durationHours: 1,
        note: 'Harbour walk',
        position: { lat: HAND_AT.latitude, lng: HAND_AT.longitude, accuracy: 10 },
      },
    }),
  );

  // Vera watches the map where Oleg's hand is raised.
  const map = await openAs(browser, vera.token, { lang: 'en', width: 1280, at: WATCHER_AT });
  await map.goto('/map');
  const olegOnMap = map.locator(`[data-testid="hand-marker"][data-user-id="${oleg.id}"]`);
  await expect(olegOnMap).toBeVisible({ timeout: 30_000 });

  // The admin's queue: Oleg first, his two reports counted, the message among its neighbours.
  const { admin } = seededUsers();
  const page = await openAs(browser, admin.token, { lang: 'en', width: 1280 });
  await page.goto('/control/reports');
  await expect(page.getByRole('tab', { name: 'Reports' })).toHaveAttribute('aria-selected', 'true');
  const card = page.getByTestId('report-card').filter({ has: page.getByText(COMMENT) });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('report-count')).toHaveText('2 waiting reports on this person');
  await expect(card.getByTestId('report-context-reported')).toContainText('Send 50 USDT first');
  await expect(card.getByTestId('report-context-message')).toHaveText([
    /Hi! Are you near the harbour\?/,
    /Quick, the offer ends soon/,
  ]);
  await expectAccessible(page);
  await shoot(page, 'control-reports-en-1280');

  // A reason is required, then the block takes effect.
  await card.getByTestId('report-block').click();
  const dialog = page.getByTestId('report-block-dialog');
  await dialog.getByTestId('report-block-dialog-confirm').click();
  await expect(dialog.getByText('Field is required')).toBeVisible();
  await dialog.getByTestId('report-block-dialog-reason').fill('Asks people for money before meeting');
  await shoot(page, 'control-reports-en-1280-block-dialog', false);
  await dialog.getByTestId('report-block-dialog-confirm').click();
  await expect(page.getByTestId('reports-notice')).toContainText('is blocked');
  await expect(card).toBeHidden();

  // The hand leaves Vera's map without a reload.
  await expect(olegOnMap).toHaveCount(0, { timeout: 10_000 });

  // Resolved reports keep the decision.
  await page.getByTestId('reports-filter-RESOLVED').click();
  const resolved = page.getByTestId('report-card').filter({ has: page.getByText(COMMENT) });
  await expect(resolved.getByTestId('report-status')).toHaveAttribute('data-status', 'RESOLVED');
  await expect(resolved).toContainText('Decision: Asks people for money before meeting');

  // People: find Oleg by e-mail and unblock him.
  await page.getByRole('tab', { name: 'People' }).click();
  await page.getByTestId('people-search').fill(oleg.email);
  const row = page.getByRole('row').filter({ hasText: oleg.email });
  await expect(row.getByTestId('person-row-blocked')).toBeVisible();
  // The search settles on Oleg alone before his row is opened (the unfiltered list may show him too).
  await expect(page.getByTestId('people-grid')).toContainText('1–1 of 1');
  await shoot(page, 'control-people-en-1280');
  await row.getByTestId('person-link').click();
  await expect(page.getByTestId('person-name')).toHaveText('Oleg Tester');
  await expect(page.getByTestId('person-reports')).toContainText('Scam');
  await expect(page.getByTestId('person-sessions')).toContainText('Ended by a block');
  await page.getByTestId('person-unblock').click();
  await page.getByTestId('person-unblock-dialog-reason').fill('Promised to stop; first offence');
  await page.getByTestId('person-unblock-dialog-confirm').click();
  await expect(page.getByTestId('person-notice')).toContainText('is unblocked');
  await expect(page.getByTestId('person-blocked')).toHaveCount(0);
  await expect(page.getByTestId('person-block')).toBeVisible();
  await shoot(page, 'control-person-en-1280');
  const login = await request.post('/api/user/login', { data: { email: oleg.email, password: 'Secret12' } });
  expect(login.status()).toBe(200);

  // The same screens in Russian on a tablet.
  const ru = await openAs(browser, admin.token, { lang: 'ru', width: 820 });
  await ru.goto(`/control/people/${oleg.id}`);
  await expect(ru.getByRole('tab', { name: 'Люди' })).toHaveAttribute('aria-selected', 'true');
  await expect(ru.getByTestId('person-profile')).toContainText('Профиль');
  await expect(ru.getByTestId('person-sessions')).toContainText('Завершена блокировкой');
  await expect(ru.getByTestId('person-block')).toHaveText('Заблокировать');
  await expectAccessible(ru);
  await shoot(ru, 'control-person-ru-820');
  await ru.goto('/control/reports');
  await ru.getByTestId('reports-filter-RESOLVED').click();
  await expect(ru.getByRole('heading', { level: 1, name: 'Жалобы' })).toBeVisible();
  await expect(ru.getByTestId('report-card').first()).toContainText('Решение:');
  await shoot(ru, 'control-reports-ru-820');
});
