import { expect, test, type Page } from '@playwright/test';
import {
  confirmNewAddress,
  expectAccessible,
  getTransactions,
  getWallet,
  openAs,
  registerUser,
  shoot,
  waitForAvailable,
} from './support/crypto';

/**
 * The wallet on the real development chain: test USDT from the faucet arrives as an ordinary
 * deposit after its confirmations, a withdrawal goes on chain to an outside address, and both are
 * in the history.
 */

/** A fresh outside address (all lower case, so no checksum is involved). */
const outsideAddress = () =>
  `0x${Array.from({ length: 40 }, () => Math.floor(Math.random() * 16).toString(16)).join('')}`;

const history = (page: Page) => page.getByTestId('history');

test.describe('wallet', () => {
  test.setTimeout(180_000);

  test('deposits test USDT, withdraws to an outside address and finds both in the history, in English', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const user = await registerUser(request, 'wallet-en');
    await openAs(page, user, 'en');
    await page.goto('/account/market');

    await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('balance-total')).toHaveText('0 USDT');
    await expect(page.getByTestId('tokens-empty')).toContainText('No tokens yet');
    await expect(page.getByTestId('history-empty')).toContainText('No transactions yet');

    // Deposit: the address masked 4+4 with the whole one a click away, its QR code and the warning.
    const { address } = await getWallet(request, user);
    const shown = page.getByTestId('deposit-address');
    await expect(shown).toHaveText(`${address.slice(0, 4)}…${address.slice(-4)}`);
    await expect(page.getByTestId('deposit-qr')).toBeVisible();
    await expect(page.getByTestId('network-warning')).toContainText('Send only USDT over the BEP-20 network');
    await expect(page.getByTestId('deposit-confirmations')).toContainText(/credited after \d+ network confirmations?/);
    await page.getByRole('button', { name: 'Show the full address' }).click();
    await expect(shown).toHaveText(address);

    // The development chain's faucet: the money arrives as a deposit once it is confirmed.
    await page.getByRole('button', { name: 'Get test USDT' }).click();
    await expect(page.getByTestId('faucet-sent')).toContainText('1,000 test USDT are on their way');
    await expect(page.getByTestId('balance-total')).toHaveText('1,000 USDT', { timeout: 60_000 });
    await expect(page.getByTestId('balance-withdrawable')).toHaveText('1,000 USDT');
    const deposit = history(page).getByTestId('tx-row').filter({ hasText: 'Deposit' }).filter({ hasText: 'USDT' });
    await expect(deposit).toHaveAttribute('data-status', 'CONFIRMED');
    await expect(deposit.getByTestId('tx-amount')).toHaveText('+1,000 USDT');
    // The faucet's gas money arrives too, as a BNB deposit of its own.
    const gas = history(page).getByTestId('tx-row').filter({ hasText: 'Deposit' }).filter({ hasText: 'BNB' });
    await expect(gas).toHaveAttribute('data-status', 'CONFIRMED');
    await expect(gas.getByTestId('tx-amount')).toHaveText('+0.01 BNB');
    await expect(page.getByTestId('balance-bnb')).not.toHaveText('0 BNB');
    await expect(page.getByTestId('insufficient-fee')).toHaveCount(0);

    // Withdraw: the shared rules first, then the real thing.
    await page.getByLabel('Recipient address').fill('0x12');
    await page.getByLabel('Amount').fill('25');
    // The step-up: the account's password (decision 020).
    await page.getByTestId('step-up-input').fill('Secret12');
    await page.getByTestId('withdraw-submit').click();
    await expect(page.getByText('Incorrect address')).toBeVisible();
    const to = outsideAddress();
    await page.getByLabel('Recipient address').fill(to);
    await page.getByLabel('Amount').fill('5000');
    await page.getByTestId('withdraw-submit').click();
    await expect(page.getByText('Insufficient funds')).toBeVisible();
    await expect(page.getByTestId('withdraw-fee')).toContainText('BNB');
    await page.getByLabel('Amount').fill('25');
    await page.getByTestId('withdraw-submit').click();

    const success = page.getByTestId('withdraw-success');
    await expect(success.getByTestId('withdraw-title')).toHaveText(/Withdrawal (requested|complete)/);
    await expect(success).toContainText('25 USDT to the address');
    await expect(success.getByTestId('withdraw-to')).toHaveText(`${to.slice(0, 4)}…${to.slice(-4)}`);
    // A new address waits (WITHDRAW_NEW_ADDRESS_HOURS) until its mailed link confirms it.
    await expect(success.getByTestId('withdraw-held')).toContainText('it waits until');
    expect(await confirmNewAddress(request, user)).toMatchObject({ address: to, released: 1 });
    await expect(success.getByTestId('tx-status')).toHaveAttribute('data-status', 'CONFIRMED', { timeout: 60_000 });
    await expect(success.getByTestId('withdraw-title')).toHaveText('Withdrawal complete');
    await expect(page.getByTestId('balance-total')).toHaveText('975 USDT');

    const withdrawal = history(page).getByTestId('tx-row').filter({ hasText: 'Withdrawal' });
    await expect(withdrawal.getByTestId('tx-amount')).toHaveText('−25 USDT');
    await expect(withdrawal).toHaveAttribute('data-status', 'CONFIRMED');
    await expect(withdrawal).toContainText(`To ${to.slice(0, 4)}…${to.slice(-4)}`);
    const sent = (await getTransactions(request, user, 'type=OUTPUT')).items[0]!;
    expect(sent.counterparty?.toLowerCase()).toBe(to);
    expect(sent.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    await shoot(page, 'wallet-en-1280');
    await expectAccessible(page);

    // Filters: by type, then a status nothing has.
    await page.getByTestId('filter-type').click();
    await page.getByRole('option', { name: 'Withdrawal' }).click();
    await expect(history(page).getByTestId('tx-row')).toHaveCount(1);
    await expect(page.getByTestId('history-range')).toHaveText('1–1 of 1');
    await page.getByTestId('filter-status').click();
    await page.getByRole('option', { name: 'Failed' }).click();
    await expect(page.getByTestId('history-empty')).toContainText('Nothing matches these filters');

    await page.setViewportSize({ width: 360, height: 800 });
    await page.getByTestId('filter-type').click();
    await page.getByRole('option', { name: 'All types' }).click();
    await page.getByTestId('filter-status').click();
    await page.getByRole('option', { name: 'All statuses' }).click();
    // The USDT deposit, the faucet's BNB and the withdrawal.
    await expect(history(page).getByTestId('tx-row')).toHaveCount(3);
    await shoot(page, 'wallet-en-360');
  });

  test('warns about the BNB fee with both numbers and withdraws, in Russian at 360 px', async ({ page, request }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    const user = await registerUser(request, 'wallet-ru');
    await openAs(page, user, 'ru');
    await page.goto('/account/market');
    await expect(page.getByRole('heading', { level: 1, name: 'Кошелёк' })).toBeVisible({ timeout: 15_000 });

    // No BNB yet: the warning names what there is and what the fee needs, before anything is sent.
    const warning = page.getByTestId('insufficient-fee');
    await expect(warning).toContainText('Не хватает BNB на комиссию сети');
    await expect(warning).toContainText(/У вас 0 BNB, а для этого вывода нужно [\d,]+ BNB/);
    await shoot(page, 'wallet-ru-360-empty');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Получить тестовые USDT' }).click();
    await expect(page.getByTestId('faucet-sent')).toContainText('1 000 тестовых USDT уже в пути');
    await waitForAvailable(request, user, 1000);
    await expect(page.getByTestId('balance-total')).toHaveText('1 000 USDT');
    await expect(warning).toHaveCount(0);

    await page.getByLabel('Адрес получателя').fill(outsideAddress());
    await page.getByRole('button', { name: 'Всё' }).click();
    await expect(page.getByLabel('Сумма')).toHaveValue('1000');
    await page.getByLabel('Сумма').fill('10.5');
    await page.getByTestId('step-up-input').fill('Secret12');
    await page.getByTestId('withdraw-submit').click();
    await expect(page.getByTestId('withdraw-title')).toHaveText(/Вывод (запрошен|выполнен)/);
    await expect(page.getByTestId('withdraw-held')).toContainText('он ждёт до');
    expect(await confirmNewAddress(request, user)).toMatchObject({ released: 1 });
    const withdrawal = history(page).getByTestId('tx-row').filter({ hasText: 'Вывод' });
    await expect(withdrawal.getByTestId('tx-amount')).toHaveText('−10,5 USDT');
    await expect(withdrawal).toHaveAttribute('data-status', 'CONFIRMED', { timeout: 60_000 });
    await expect(withdrawal.getByTestId('tx-status')).toHaveText('Подтверждена');
    await shoot(page, 'wallet-ru-360');
    await page.setViewportSize({ width: 1280, height: 900 });
    await shoot(page, 'wallet-ru-1280');
  });

  test('an INSUFFICIENT_FEE answer shows the warning too', async ({ page, request }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const user = await registerUser(request, 'wallet-fee');
    // The server's answer when the BNB ran out between the page load and the submit.
    await page.route('**/api/crypto/wallet/withdraw/', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({
          statusCode: 409,
          code: 'INSUFFICIENT_FEE',
          message: 'Not enough BNB to pay the network fee',
          details: { balance: '0', fee: '0.000105' },
        }),
      }),
    );
    await page.route('**/api/crypto/wallet', async (route) => {
      const response = await route.fetch();
      // Enough BNB and USDT as far as the page knows.
      await route.fulfill({
        response,
        json: { ...(await response.json()), withdrawable: '50', balance: '50', nativeBalance: '1' },
      });
    });
    await openAs(page, user, 'en');
    await page.goto('/account/market');
    await expect(page.getByTestId('balance-total')).toHaveText('50 USDT', { timeout: 15_000 });
    await expect(page.getByTestId('insufficient-fee')).toHaveCount(0);
    await page.getByLabel('Recipient address').fill(outsideAddress());
    await page.getByLabel('Amount').fill('10');
    await page.getByTestId('withdraw-submit').click();
    await expect(page.getByTestId('insufficient-fee')).toContainText('Not enough BNB for the network fee');
    await expect(page.getByTestId('insufficient-fee')).toContainText('BNB, and this withdrawal needs');
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });
});
