import crypto from 'node:crypto';
import sharp from 'sharp';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible, faucet, openAs, registerUser, shoot, waitForAvailable } from './support/crypto';
import { uniqueEmail } from './support/mail';

/**
 * My business, end to end on the development chain: a person adds a company with a logo and a
 * place (a taken name is refused first, with its reason), tops up, buys a 7-day promoted pin on
 * the Russian screen (the wallet's history shows the payment), and another person standing nearby sees the pin on the live map and opens
 * the company's card.
 */
test.describe.configure({ timeout: 150_000 });

/** Vienna: away from the places the other map journeys use. */
const PLACE = { latitude: 48.208176, longitude: 16.373819 };
const VIEWER_AT = { latitude: 48.2101, longitude: 16.3712 };
const PHONE = { width: 360, height: 760 };
const DESKTOP = { width: 1280, height: 900 };

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** A logo in the company's colours. */
const logo = () =>
  sharp({ create: { width: 256, height: 256, channels: 3, background: '#7a3e12' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="256" height="256"><circle cx="128" cy="128" r="84" fill="#f5d6a0"/><text x="128" y="150" font-size="64" text-anchor="middle" fill="#7a3e12" font-family="sans-serif">KH</text></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();

/** Someone with a complete profile (the map's gate), as the registration form makes them. */
async function mapViewer(request: APIRequestContext) {
  const record = await ok<{ token: string; user: { id: number } }>(
    await request.post('/api/user/register', {
      data: {
        email: uniqueEmail('viewer'),
        password: 'Secret12',
        locale: 'en',
        firstName: 'Vera',
        lastName: 'Tester',
        domain: `vera${crypto.randomBytes(3).toString('hex')}`,
        gender: 1,
        birthday: '14.07.1995',
      },
    }),
  );
  return { id: record.user.id, token: record.token };
}

async function both(page: Page, name: string) {
  await page.setViewportSize(PHONE);
  await shoot(page, `business-${name}-360`);
  await page.setViewportSize(DESKTOP);
  await shoot(page, `business-${name}-1280`);
}

test('a company with a logo and a place buys a promoted pin that another person sees on the map', async ({
  page,
  browser,
  request,
}) => {
  const suffix = crypto.randomBytes(3).toString('hex');
  const name = `Kaffeehaus ${suffix}`;
  const owner = await registerUser(request, 'business');
  // The deposit takes its confirmations while the company is being added.
  const funded = faucet(request, owner, '25').then(() => waitForAvailable(request, owner, 25, 90_000));
  const viewer = await mapViewer(request);
  // The viewer already has a company by the name the owner tries first.
  await ok(
    await request.post('/api/business/company', {
      headers: auth(viewer.token),
      data: { name: `Taken ${suffix}`, category: 'shop' },
    }),
  );

  await openAs(page, owner, 'en');
  await page.setViewportSize(DESKTOP);
  await page.goto('/account/business');
  await expect(page.getByTestId('business-empty')).toContainText('Add your company');
  await both(page, 'empty');
  await page.getByTestId('business-add').click();

  const form = page.getByTestId('company-form');
  await page.getByTestId('company-name-input').fill(`taken ${suffix}`);
  await page.getByTestId('company-category').click();
  await page.getByTestId('category-cafe').click();
  await page.getByTestId('company-website-input').fill('https://kaffeehaus.example.com');
  await page.getByTestId('company-description-input').fill('Viennese coffee, strudel and a quiet table to meet.');
  await page.getByTestId('logo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await logo() });
  await expect(page.getByTestId('logo-item')).toHaveCount(1);
  await expect(page.getByTestId('place-picker')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  await page.getByTestId('place-lat').fill(String(PLACE.latitude));
  await page.getByTestId('place-lng').fill(String(PLACE.longitude));
  await expect(page.getByTestId('place-clear')).toBeVisible();
  await page.getByTestId('company-submit').click();
  await expect(page.getByTestId('company-form-error')).toHaveText(
    'Company addition error: a company with this name already exists',
  );
  // The pointer off the button: its hover shade is the theme's, not this screen's.
  await page.mouse.move(0, 0);
  await expectAccessible(page);
  await form.scrollIntoViewIfNeeded();
  await both(page, 'form-refused');

  await page.getByTestId('company-name-input').fill(name);
  await page.getByTestId('company-submit').click();
  const card = page.getByTestId('company-card');
  await expect(card.getByTestId('company-name')).toHaveText(name);
  await expect(card).toContainText('Café');
  await expect(card.getByTestId('company-website')).toHaveText('kaffeehaus.example.com');
  await expect(page.getByTestId('business-account')).toHaveText('Business account');

  // Russian from here on; the money arrives meanwhile.
  await funded;
  await page.evaluate(() => localStorage.setItem('locale', 'ru'));
  await page.reload();
  await expect(page.getByTestId('business-account')).toHaveText('Бизнес-аккаунт');
  await expect(card).toContainText('Кафе');
  await expect(page.getByTestId('promotion-balance')).toContainText('25');
  await page.getByTestId('promotion-days-30').click();
  await expect(page.getByTestId('promotion-short')).toContainText('Недостаточно средств');
  await expect(page.getByTestId('promotion-deposit')).toHaveAttribute('href', '/account/market#deposit');
  await expect(page.getByTestId('promotion-buy')).toBeDisabled();
  await page.getByTestId('promotion-days-7').click();
  await expect(page.getByTestId('promotion-buy')).toHaveText('Продвигать за 20 USDT');
  await page.getByTestId('promotion-buy').click();
  await expect(page.getByTestId('promotion-active')).toContainText('Продвигается на карте до');
  await expect(page.getByTestId('promotion-balance')).toContainText('5');
  await page.mouse.move(0, 0);
  await expectAccessible(page);
  await both(page, 'promoted-ru');

  // The wallet's history says where the 20 USDT went.
  await page.goto('/account/market');
  const paid = page.getByTestId('history').getByTestId('tx-row').filter({ hasText: 'Продвижение' });
  await expect(paid).toHaveCount(1);
  await expect(paid).toHaveAttribute('data-type', 'PROMOTION');
  await expect(paid.getByTestId('tx-subject')).toHaveText(`Выделенная метка «${name}», 7 дней`);
  await expect(paid.getByTestId('tx-amount')).toHaveText('−20 USDT');
  await expect(paid.getByTestId('tx-status')).toHaveText('Подтверждена');
  await shoot(page, 'business-wallet-history-ru-1280');
  await page.goto('/account/business');
  await expect(card.getByTestId('company-name')).toHaveText(name);

  // Another person near the place sees the pin and its card.
  const context = await browser.newContext({
    viewport: PHONE,
    geolocation: VIEWER_AT,
    permissions: ['geolocation'],
    serviceWorkers: 'block',
    reducedMotion: 'reduce',
  });
  await context.addInitScript((token) => {
    localStorage.setItem('auth', JSON.stringify({ token }));
    localStorage.setItem('accessKey', token);
    localStorage.setItem('locale', 'en');
    localStorage.setItem('cookie-dialog-hidden', 'true');
    localStorage.setItem(
      'consents',
      JSON.stringify({ terms: true, ads: false, geolocation: true, decidedAt: new Date().toISOString() }),
    );
  }, viewer.token);
  const map = await context.newPage();
  await map.goto('/map');
  await expect(map.getByTestId('hand-map')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  const pin = map.getByTestId('promoted-marker');
  await expect(pin).toHaveCount(1, { timeout: 15_000 });
  await expect(pin).toHaveAccessibleName(`${name}, promoted company`);
  await pin.click();
  const dialog = map.getByTestId('promoted-card');
  await expect(dialog.getByTestId('company-name')).toHaveText(name);
  await expect(dialog).toContainText('Viennese coffee');
  await expect(dialog.getByTestId('company-website')).toHaveAttribute('href', 'https://kaffeehaus.example.com');
  await expect(dialog.getByTestId('company-logo').locator('img')).toBeVisible();
  await reviewMap(map);
  await context.close();

  // Removing it, once confirmed (in Russian), ends the pin and brings back the invitation.
  await page.getByTestId('company-remove').click();
  await expect(page.getByTestId('remove-dialog')).toContainText('завершится без возврата');
  await page.getByTestId('remove-confirm').click();
  await expect(page.getByTestId('business-empty')).toContainText('Добавьте свою компанию');
  const after = await ok<{ items: unknown[] }>(
    await request.get(`/api/business/promoted?lat=${PLACE.latitude}&lng=${PLACE.longitude}&radius=1000`),
  );
  expect(after.items).toEqual([]);
});

async function reviewMap(map: Page) {
  await shoot(map, 'business-map-card-360', false);
  await map.keyboard.press('Escape');
  await shoot(map, 'business-map-pin-360', false);
  await map.setViewportSize(DESKTOP);
  await map.getByTestId('promoted-marker').click();
  await shoot(map, 'business-map-card-1280', false);
}
