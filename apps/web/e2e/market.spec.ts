import { expect, test, type Page } from '@playwright/test';
import {
  expectAccessible,
  fundedUser,
  getMarket,
  openAs,
  registerUser,
  sellOut,
  shoot,
  supply,
  waitForPurchase,
} from './support/crypto';
import { holdStock } from './support/stock-lock';

/**
 * The marketplace on the real development chain: funded accounts, tokens listed by the admin, each
 * purchase running GASING -> APPROVE -> BUY_NFT with confirmations, and the queue when a level is
 * sold out. Stock is shared by every test of the server, so the tests that list and buy Silver run
 * one after another, each with the stock to itself (support/stock-lock.ts).
 */

// Real chain work and a shared server: every test here gets more than the default 30 s.
test.describe.configure({ timeout: 120_000 });

const silver = (page: Page) => page.getByTestId('market-level-SILVER');
const dialog = (page: Page) => page.getByTestId('buy-dialog');

test.describe('buying Silver', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(180_000);
  // No other journey on this server lists or buys a token while one of these counts on the stock.
  let release = () => {};
  test.beforeEach(async () => void (release = await holdStock()));
  test.afterEach(() => release());

  test('buys a Silver token in stock, following its steps live, in English at 1280 px', async ({ page, request }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const user = await fundedUser(request, 'silver-en');
    // The development chain starts with a listed supply; one more makes sure there is stock.
    await supply(request, 'SILVER', 1);
    await expect
      .poll(async () => (await getMarket(request)).levels.find((l) => l.level === 'SILVER')?.stock)
      .toBeGreaterThan(0);

    await openAs(page, user, 'en');
    await page.goto('/market');
    await expect(page.getByRole('heading', { level: 1, name: 'Buy a token. Meet. Mint.' })).toBeVisible();
    await expect(page.getByTestId('market-available')).toHaveText('1,000 USDT');
    await expect(silver(page).getByTestId('level-price')).toHaveText('100 USDT');
    await expect(silver(page).getByTestId('availability')).toContainText(/\d+ in stock/);
    await expect(silver(page)).toContainText('each of you gets 40% of its price — 40 USDT');
    await expect(page.getByTestId('market-level-GOLD')).toContainText('KYC required');
    await expect(page.getByTestId('market-live')).toBeVisible();
    await shoot(page, 'market-en-1280');

    await silver(page).getByRole('button', { name: 'Buy Silver' }).click();
    await expect(dialog(page).getByRole('heading', { name: 'Buy a Silver token' })).toBeVisible();
    await expect(page.getByTestId('buy-price')).toHaveText('100 USDT');
    await expect(page.getByTestId('buy-available')).toHaveText('1,000 USDT');
    // The risk disclaimer comes before paying, and the terms must be accepted.
    await expect(dialog(page).getByTestId('risk-disclaimer')).toBeVisible();
    await page.getByTestId('pay-button').click();
    await expect(page.getByTestId('agree-terms-label')).toHaveAttribute('data-invalid', 'true');
    await expect(page.getByTestId('purchase-progress')).toHaveCount(0);
    await shoot(page, 'market-en-1280-review', false);
    await dialog(page).getByLabel('I agree to the Terms of Use and Privacy Policy').check();
    await page.getByTestId('pay-button').click();

    // Live progress: three steps, each with its status.
    await expect(page.getByTestId('purchase-steps')).toBeVisible();
    await expect(page.getByTestId('step-GASING')).toBeVisible();
    await expect(page.getByTestId('step-APPROVE')).toBeVisible();
    await expect(page.getByTestId('step-BUY_NFT')).toBeVisible();
    await shoot(page, 'market-en-1280-progress', false);

    const outcome = page.getByTestId('purchase-outcome');
    await expect(outcome).toHaveAttribute('data-outcome', 'success', { timeout: 90_000 });
    await expect(outcome).toContainText('The Silver token is yours!');
    await expect(page.getByTestId('step-BUY_NFT')).toHaveAttribute('data-state', 'done');
    await expect(page.getByTestId('bought-token')).toContainText('Silver');
    await shoot(page, 'market-en-1280-success', false);
    await expectAccessible(page);

    // The token is in the wallet, and the market marks the level as owned.
    await page.getByRole('link', { name: 'Open the wallet' }).click();
    await expect(page).toHaveURL(/\/account\/market$/);
    await expect(page.getByTestId('token-card')).toHaveAttribute('data-level', 'SILVER');
    await page.goto('/market');
    await expect(silver(page).getByTestId('owned-chip')).toHaveText('Yours');
    await expect(silver(page).getByRole('button', { name: 'Already in your wallet' })).toBeDisabled();
    await expect(page.getByTestId('my-purchases').getByTestId('purchase-row').first()).toHaveAttribute(
      'data-status',
      'COMPLETED',
    );

    // The purchases answer late: the level cards wait for them rather than be pushed down under a tap.
    await page.route('**/api/crypto/nft/purchases', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.reload();
    const gold = page.getByTestId('market-level-GOLD');
    await gold.waitFor();
    const first = await gold.boundingBox();
    await expect(page.getByTestId('my-purchases')).toBeVisible();
    expect((await gold.boundingBox())?.y).toBe(first?.y);
  });

  test('a ?nft= link offers its token first and buys exactly that one', async ({ page, request }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const user = await fundedUser(request, 'offer');
    const { ids } = await supply(request, 'SILVER', 1);
    const id = ids[0]!;

    await openAs(page, user, 'en');
    await page.goto(`/market?nft=${id}`);
    const offer = page.getByTestId('offered-token');
    await expect(offer).toHaveAttribute('data-nft-id', String(id));
    await expect(offer).toContainText('Offered to you by your link');
    await shoot(page, 'market-en-1280-offer');
    await offer.getByRole('button', { name: 'Buy this token' }).click();
    await expect(page.getByTestId('buy-token')).toContainText(`#${id}`);
    await dialog(page).getByLabel('I agree to the Terms of Use and Privacy Policy').check();
    await page.getByTestId('pay-button').click();
    await expect(page.getByTestId('purchase-outcome')).toHaveAttribute('data-outcome', 'success', { timeout: 90_000 });
    await page.getByTestId('close-purchase').click();
    // Bought: the offer is gone for good.
    await expect(offer).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('buyingNftId'))).toBeNull();
  });

  test('joins the queue when sold out, leaves it with a refund, rejoins and is served, in Russian at 360 px', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    const user = await fundedUser(request, 'queue-ru');
    await sellOut(request, 'SILVER');

    await openAs(page, user, 'ru');
    await page.goto('/market');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Купите токен. Встречайтесь. Выпускайте.' }),
    ).toBeVisible();
    await expect(silver(page)).toContainText('Распродано');
    await shoot(page, 'market-ru-360');

    await silver(page).getByRole('button', { name: 'Встать в очередь' }).click();
    await expect(page.getByTestId('queue-explainer')).toContainText('Внесите предоплату 100 USDT');
    await expect(page.getByTestId('queue-explainer')).toContainText('Очереди нет: вы будете первым.');
    await dialog(page).getByLabel('Я согласен с Условиями использования и Политикой конфиденциальности').check();
    await shoot(page, 'market-ru-360-queue-review', false);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Внести 100 USDT и встать в очередь' }).click();
    await expect(page.getByTestId('purchase-queued')).toBeVisible();
    await expect(page.getByTestId('queue-position')).toHaveText('1');
    await shoot(page, 'market-ru-360-queued', false);
    await expectAccessible(page);

    // Leave the queue: the prepayment comes back.
    await page.getByTestId('leave-queue').click();
    await expect(page.getByTestId('confirm-cancel')).toContainText('100 USDT вернутся на баланс');
    await page.getByTestId('confirm-leave-queue').click();
    await expect(page.getByTestId('purchase-outcome')).toHaveAttribute('data-outcome', 'canceled');
    await expect(page.getByTestId('purchase-outcome')).toContainText(
      'Вы вышли из очереди. 100 USDT вернулись на баланс.',
    );
    await shoot(page, 'market-ru-360-canceled', false);

    // Try again, and this time stay: the next Silver token goes to the head of the queue by itself.
    await page.getByTestId('try-again').click();
    await dialog(page).getByLabel('Я согласен с Условиями использования и Политикой конфиденциальности').check();
    await page.getByTestId('pay-button').click();
    await expect(page.getByTestId('queue-position')).toHaveText('1');
    await page.getByRole('button', { name: 'Понятно' }).click();
    await expect(silver(page).getByTestId('queue-chip')).toHaveText('№1 в очереди');
    const purchaseId = (await getMarket(request, user)).levels.find((l) => l.level === 'SILVER')!.myPurchaseId!;

    await silver(page).getByTestId('show-place').click();
    await expect(page.getByTestId('purchase-queued')).toBeVisible();
    await supply(request, 'SILVER', 1);
    await expect(page.getByTestId('purchase-outcome')).toHaveAttribute('data-outcome', 'success', { timeout: 90_000 });
    await expect(page.getByTestId('purchase-outcome')).toContainText('Токен Silver ваш!');
    await waitForPurchase(request, user, purchaseId, 'COMPLETED');
    await shoot(page, 'market-ru-360-success', false);
  });
});

test('Gold asks for KYC and an empty balance asks for a deposit', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const user = await registerUser(request, 'kyc');
  await openAs(page, user, 'en');
  await page.goto('/market');
  await expect(page.getByTestId('market-level-GOLD')).toBeVisible();
  await shoot(page, 'market-en-360');
  await expectAccessible(page);

  await page.getByTestId('market-level-GOLD').getByTestId('buy-button').click();
  const kyc = page.getByTestId('kyc-required');
  await expect(kyc).toContainText('KYC is required for buying NFT');
  await expect(kyc.getByRole('link', { name: 'Verify my identity' })).toHaveAttribute('href', '/kyc?level=GOLD');
  await expect(page.getByTestId('pay-button')).toBeDisabled();
  await shoot(page, 'market-en-360-kyc', false);
  await dialog(page).getByRole('button', { name: 'Close' }).click();

  await silver(page).getByTestId('buy-button').click();
  const funds = page.getByTestId('insufficient-funds');
  await expect(funds).toContainText('Insufficient funds');
  await expect(funds).toContainText('Top up 100 USDT more to buy this token.');
  await expect(page.getByTestId('pay-button')).toBeDisabled();
  await expectAccessible(page);
  await funds.getByRole('link', { name: 'Deposit USDT' }).click();
  await expect(page).toHaveURL(/\/account\/market#deposit$/);
  await expect(page.getByTestId('deposit-address')).toBeVisible();
});

test('a ?nft= link to a sold token says so and leaves the general queue', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const user = await registerUser(request, 'gone');
  await openAs(page, user, 'ru');
  await page.goto('/market?nft=987654');
  const gone = page.getByTestId('offered-gone');
  await expect(gone).toContainText('Токен №987654 по вашей ссылке уже продан');
  await shoot(page, 'market-ru-1280-gone');
  await gone.getByRole('button', { name: 'Понятно' }).click();
  await expect(gone).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('buyingNftId'))).toBeNull();
  await expect(silver(page).getByTestId('buy-button')).toBeVisible();
});
