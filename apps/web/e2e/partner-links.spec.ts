import { expect, test } from '@playwright/test';
import type { CpaLinkList } from '@app/shared/schemas/cpa';
import { CPA_PATHS } from '@app/shared/schemas/cpa-paths';
import { auth, expectAccessible, ok, openAs, registerUser, shoot } from './support/crypto';

/**
 * A partner's links in /account/cpa: the first link from the empty state (an empty callback is
 * dropped), a visitor through it counted as a visit and a registration, the callback added after a
 * refused address, the QR code, and deleting; then the form's messages in Russian at phone size.
 */

test.describe.configure({ timeout: 90_000 });

test('a partner creates a link, sees a visit and a registration through it, edits and deletes it', async ({
  browser,
  request,
}) => {
  const partner = await registerUser(request, 'partner');
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  await openAs(page, partner, 'en');
  await page.goto('/account/cpa');
  await expect(page.getByTestId('links-empty')).toContainText('No links yet');

  await page.getByTestId('link-new').click();
  const form = page.getByTestId('link-form');
  await form.getByTestId('link-name').fill('Telegram channel');
  await form.getByTestId('link-landing').click();
  await page.getByTestId('landing-meet').click();
  await form.getByTestId('link-submit').click();
  await expect(page.getByTestId('links-notice')).toHaveText('The link is ready: copy it and share it.');
  const card = page.getByTestId('link-card');
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('link-card-name')).toHaveText('Telegram channel');
  await expect(card.getByTestId('link-callback-text')).toContainText('No callback URL');
  const url = (await card.getByTestId('link-url').textContent())!;
  expect(url).toMatch(/\/l\/meet\?cpa=\d+$/);
  await card.getByTestId('copy-button').click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await card.getByRole('button', { name: 'QR code' }).click();
  await expect(card.getByTestId('link-qr')).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'partner-links-en-1280');

  // Someone opens the link with the partner's click id and registers.
  const visitor = await browser.newContext();
  const landing = await visitor.newPage();
  const hit = landing.waitForResponse((r) => r.url().endsWith('/api/cpa/hits'));
  await landing.goto(`${new URL(url).pathname}${new URL(url).search}&uid=click-42`);
  expect(await (await hit).json()).toEqual({ counted: true });
  const registered = await landing.evaluate(async () => {
    const res = await fetch('/api/user/register', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-cpa': localStorage.getItem('cpa')!,
        'x-cpa-uid': localStorage.getItem('cpa_uid')!,
      },
      body: JSON.stringify({ email: `via-link-${Date.now()}@example.com`, password: 'Secret12' }),
    });
    return res.status;
  });
  expect(registered).toBe(200);
  await visitor.close();
  // The registration reaches the link through its event (a job delivers it): the partner reloads
  // once it has, as a partner coming back later would see it.
  await expect
    .poll(
      async () => {
        const list = await ok<CpaLinkList>(
          await request.get(`/api${CPA_PATHS.links}`, { headers: auth(partner.token) }),
        );
        return list.links.map((link) => link.regs);
      },
      { timeout: 60_000, intervals: [500, 1000] },
    )
    .toEqual([1]);
  await page.reload();
  await expect(card.getByTestId('link-hits')).toHaveText('1');
  await expect(card.getByTestId('link-regs')).toHaveText('1');
  await expect(card.getByTestId('link-conversion')).toHaveText('100%');

  // A callback that is not a web address is refused in place; a real one is kept.
  await card.getByTestId('link-edit').click();
  await form.getByTestId('link-callback').fill('tracker.example/postback');
  await form.getByTestId('link-submit').click();
  await expect(form).toContainText('Enter a web address starting with http:// or https://');
  await form.getByTestId('link-callback').fill('https://tracker.example/postback?click={uid}&event={action}');
  await form.getByTestId('link-name').fill('Telegram, autumn');
  await form.getByTestId('link-submit').click();
  await expect(page.getByTestId('links-notice')).toHaveText('Changes saved.');
  await expect(card.getByTestId('link-card-name')).toHaveText('Telegram, autumn');
  await expect(card.getByTestId('link-callback-text')).toContainText(
    'Callback: https://tracker.example/postback?click={uid}&event={action}',
  );

  await card.getByTestId('link-delete').click();
  await expect(page.getByTestId('link-delete-dialog')).toContainText('Delete “Telegram, autumn”?');
  await page.getByTestId('link-delete-confirm').click();
  await expect(page.getByTestId('links-notice')).toHaveText('The link is deleted.');
  await expect(page.getByTestId('links-empty')).toBeVisible();
  await context.close();
});

test('the link form speaks Russian at phone size', async ({ browser, request }) => {
  const partner = await registerUser(request, 'partner-ru');
  const context = await browser.newContext({ viewport: { width: 360, height: 780 }, locale: 'ru-RU', isMobile: true });
  const page = await context.newPage();
  await openAs(page, partner, 'ru');
  await page.goto('/account/cpa');
  await expect(page.getByTestId('links-empty')).toContainText('Ссылок пока нет');
  await page.getByTestId('link-new').click();
  const form = page.getByTestId('link-form');
  await form.getByTestId('link-callback').fill('ftp://files.example/x');
  await form.getByTestId('link-submit').click();
  await expect(form).toContainText('Обязательное поле');
  await expect(form).toContainText('Введите веб-адрес, начинающийся с http:// или https://');
  await shoot(page, 'partner-links-form-ru-360', false);
  await form.getByTestId('link-name').fill('Рассылка');
  await form.getByTestId('link-callback').fill('');
  await form.getByTestId('link-submit').click();
  await expect(page.getByTestId('links-notice')).toHaveText('Ссылка готова: скопируйте её и поделитесь.');
  await expect(page.getByTestId('link-card')).toContainText('Главная страница');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shoot(page, 'partner-links-ru-360');
  await context.close();
});
