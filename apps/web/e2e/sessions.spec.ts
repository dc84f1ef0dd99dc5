import crypto from 'node:crypto';
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { uniqueEmail } from './support/mail';
import { expectAccessible, shoot } from './support/crypto';

/**
 * Sessions that can be ended: one person signs in on a laptop and a phone, sees both in
 * /account/data and ends the phone's from the laptop; the phone is at the login screen at once,
 * without a reload (its socket is told). Logging out ends the session on the server too.
 */

const PASSWORD = 'Secret12';
const LAPTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

// Two browsers, sign-ins and a page each: more than the default on two shared cores.
test.describe.configure({ timeout: 90_000 });

const path = (page: Page) => new URL(page.url()).pathname;

/** An account with a finished profile, so signing in lands on the start page, not update-profile. */
async function person(request: APIRequestContext): Promise<string> {
  const email = uniqueEmail('sessions');
  const registered = await request.post('/api/user/register', { data: { email, password: PASSWORD, locale: 'en' } });
  expect(registered.ok(), await registered.text()).toBe(true);
  const headers = { authorization: `Bearer ${(await registered.json()).token}` };
  const profile = await request.post('/api/user/profile-update', {
    headers,
    data: {
      firstName: 'Olga',
      lastName: 'Petrova',
      domain: `olga${crypto.randomBytes(4).toString('hex')}`,
      gender: 1,
      birthday: '02.03.1992',
    },
  });
  expect(profile.ok(), await profile.text()).toBe(true);
  // The registration's own session is not one of the two devices of this journey.
  expect((await request.post('/api/user/logout', { headers })).ok()).toBe(true);
  return email;
}

const opened: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(opened.splice(0).map((context) => context.close()));
});

async function device(browser: Browser, userAgent: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ userAgent, viewport, serviceWorkers: 'block', locale: 'en-US' });
  opened.push(context);
  await context.addInitScript(() => localStorage.setItem('cookie-dialog-hidden', 'true'));
  return context.newPage();
}

async function logIn(page: Page, email: string) {
  await page.goto('/auth/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect.poll(() => path(page)).toBe('/');
  await page.goto('/account/data');
  await expect(page.getByTestId('sessions')).toBeVisible();
}

test('ending the other device’s session from the sessions list sends it to login at once', async ({
  browser,
  request,
}) => {
  const email = await person(request);
  const laptop = await device(browser, LAPTOP_UA, { width: 1280, height: 800 });
  const phone = await device(browser, PHONE_UA, { width: 390, height: 844 });
  await logIn(laptop, email);
  await logIn(phone, email);

  // Both devices, this one marked, the other with its End button.
  await laptop.reload();
  const rows = laptop.getByTestId('session-row');
  await expect(rows).toHaveCount(2);
  const mine = laptop.locator('[data-testid="session-row"][data-current="true"]');
  await expect(mine.getByTestId('session-device')).toHaveText('Chrome on Windows');
  await expect(mine).toContainText('This device');
  await expect(mine.getByTestId('session-end')).toHaveCount(0);
  const other = laptop.locator('[data-testid="session-row"][data-current="false"]');
  await expect(other.getByTestId('session-device')).toHaveText('Safari on iPhone');
  await expect(other).toContainText('last seen');
  await expect(laptop.getByTestId('sessions-end-others')).toBeEnabled();
  await laptop.getByTestId('sessions').scrollIntoViewIfNeeded();
  await shoot(laptop, 'sessions-desktop');
  await expectAccessible(laptop);

  await phone.reload();
  await expect(phone.getByTestId('session-row')).toHaveCount(2);
  await shoot(phone, 'sessions-phone');

  // A mark on the phone's window: it survives only if the page is never reloaded.
  await phone.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
  await other.getByRole('button', { name: 'End the session on Safari on iPhone' }).click();
  await expect(rows).toHaveCount(1);
  await expect(laptop.getByTestId('sessions-end-others')).toBeDisabled();

  await expect.poll(() => path(phone)).toBe('/auth/login');
  expect(await phone.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  expect(await phone.evaluate(() => localStorage.getItem('auth'))).toBeNull();

  // The laptop stays signed in; its own logout ends its session on the server too.
  const token = await laptop.evaluate(() => JSON.parse(localStorage.getItem('auth')!).token as string);
  await laptop.getByTestId('logout').click();
  await expect(laptop.getByTestId('home')).toBeVisible();
  await expect
    .poll(async () => (await request.get('/api/user/me', { headers: { authorization: `Bearer ${token}` } })).status())
    .toBe(401);
});

test('log out everywhere else, in Russian', async ({ browser, request }) => {
  const email = await person(request);
  const phone = await device(browser, PHONE_UA, { width: 390, height: 844 });
  const laptop = await device(browser, LAPTOP_UA, { width: 1280, height: 800 });
  await logIn(laptop, email);
  await logIn(phone, email);
  await phone.evaluate(() => localStorage.setItem('locale', 'ru'));
  await phone.reload();
  await expect(phone.getByRole('heading', { name: 'Где выполнен вход' })).toBeVisible();

  await phone.getByRole('button', { name: 'Выйти на всех других устройствах' }).click();
  await expect(phone.getByTestId('sessions-ended')).toHaveText('Завершён 1 сеанс');
  await expect(phone.getByTestId('session-row')).toHaveCount(1);
  await expect.poll(() => path(laptop)).toBe('/auth/login');
});
