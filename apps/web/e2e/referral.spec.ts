import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, openAs, registerUser, shoot, waitForPurchase, buyNewToken } from './support/crypto';
import { uniqueEmail } from './support/mail';

/**
 * The referral programme in one journey: a person shares their link, a second person registers
 * through it and buys Silver from the supply, and the first sees the hit, the registration, the
 * pending income from that business purchase (10% of 100 USDT) and the tree, in English and
 * Russian. Income from meetings is covered by the API tests (apps/api/src/modules/referral).
 */
test.setTimeout(120_000);

const figure = (page: Page, id: string) => page.getByTestId(id);

test('a referral registered through the link and buying Silver shows on the referrer’s screen, in English and Russian', async ({
  page,
  browser,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const referrer = await registerUser(request, 'referrer');
  await openAs(page, referrer, 'en');
  await page.goto('/account/referral');
  await expect(page.getByRole('tab', { name: 'Main' })).toHaveAttribute('aria-selected', 'true');
  const code = await page.getByTestId('referral-promocode').inputValue();
  expect(code).toMatch(/^EEE[0-9A-F]+$/);
  await expect(page.getByTestId('referral-link')).toHaveValue(new RegExp(`/ref/${code}$`));
  await expect(page.getByTestId('referral-qr')).toBeVisible();
  await expect(figure(page, 'referral-hits')).toHaveText('0');

  // The second person follows the link in their own browser and registers with the code it carries.
  const guest = await browser.newContext({ locale: 'en-US' });
  const guestPage = await guest.newPage();
  await guestPage.goto(`/ref/${code}`);
  await expect(guestPage.getByLabel('Promo code')).toHaveValue(code);
  await guestPage.getByLabel('E-mail').fill(uniqueEmail('referral-guest'));
  await guestPage.getByLabel('Password', { exact: true }).fill('Secret12');
  await guestPage.getByLabel('Repeat password').fill('Secret12');
  await guestPage.getByRole('checkbox').check();
  await guestPage.getByRole('button', { name: 'Create account' }).click();
  await expect(guestPage.getByRole('heading', { level: 1 })).toHaveText('Email confirmation');
  const token = await guestPage.evaluate(
    () => (JSON.parse(localStorage.getItem('auth') ?? '{}') as { token: string }).token,
  );
  await guest.close();
  const buyer = { id: 0, token, email: '' };

  const purchase = await buyNewToken(request, buyer, 'SILVER');
  await waitForPurchase(request, buyer, purchase.id, 'COMPLETED');

  // The referrer's figures: the hit, the registration, 10 EEE pending from a business purchase.
  await expect
    .poll(
      async () => {
        await page.reload();
        return figure(page, 'referral-pending').textContent();
      },
      { timeout: 20_000, intervals: [500, 1000] },
    )
    .toBe('10 EEE');
  await expect(figure(page, 'referral-hits')).toHaveText('1');
  await expect(figure(page, 'referral-registrations')).toHaveText('1');
  await expect(figure(page, 'referral-conversion')).toHaveText('100 %');
  await expect(figure(page, 'referral-source-business_purchase')).toHaveText('10 EEE');
  await expect(figure(page, 'referral-income-month')).toHaveText('10 EEE per month');
  await expect(figure(page, 'referral-available')).toHaveText('0 EEE');
  await expect(figure(page, 'referral-attracted')).toHaveText('1');
  await expect(page.getByTestId('referral-top').getByRole('listitem')).toHaveCount(1);
  await expect(page.getByTestId('referral-chart').locator('svg').first()).toBeVisible();
  await page.getByTestId('referral-period-month').click();
  await expect(page.getByTestId('referral-main')).toHaveAttribute('data-period', 'month');
  await expect(figure(page, 'referral-period-income')).toHaveText('10 EEE');
  await expectAccessible(page);
  await shoot(page, 'referral-main-en-1280');

  await page.getByRole('tab', { name: 'Referral tree' }).click();
  const grid = page.getByTestId('referral-grid');
  await expect(grid.getByRole('row')).toHaveCount(2);
  await expect(grid).toContainText('Human');
  await expect(grid).toContainText('SILVER');
  await expect(grid).toContainText('10 EEE');
  await shoot(page, 'referral-tree-en-1280');
  // Selecting the referral opens their own (empty) list of referrals.
  await grid.getByRole('row').nth(1).click();
  await expect(page.getByTestId('referral-tree-current')).toHaveText(/^Referrals of /);
  await expect(grid).toContainText('No referrals here yet');

  // The same screens in Russian, at tablet width.
  const ru = await browser.newPage({ viewport: { width: 820, height: 1100 } });
  await openAs(ru, referrer, 'ru');
  await ru.goto('/account/referral');
  await expect(ru.getByRole('tab', { name: 'Главная' })).toHaveAttribute('aria-selected', 'true');
  await expect(figure(ru, 'referral-pending')).toHaveText('10 EEE');
  await expect(ru.getByText('Бизнес-покупки')).toBeVisible();
  await expect(figure(ru, 'referral-income-month')).toHaveText('10 EEE в месяц');
  await shoot(ru, 'referral-main-ru-820');
  await ru.getByRole('tab', { name: 'Реферальное дерево' }).click();
  await expect(ru.getByTestId('referral-grid')).toContainText('Человек');
  await ru.getByRole('combobox', { name: 'Роли' }).click();
  await ru.getByRole('option', { name: 'Бизнес' }).click();
  await expect(ru.getByTestId('referral-grid')).toContainText('Здесь пока нет рефералов');
  await shoot(ru, 'referral-tree-ru-820');
  await ru.close();
});
