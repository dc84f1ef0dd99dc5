import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import {
  expectAccessible,
  fundedUser,
  getTransactions,
  getWallet,
  openAs,
  registerUser,
  shoot,
} from './support/crypto';
import { codeFromMail, linkFromMail, uniqueEmail } from './support/mail';

/**
 * Step-up (decision 020): money and account changes ask for a fresh proof, a withdrawal to a new
 * address waits until the mailed link confirms it, and TOTP is offered to everyone.
 */

const PASSWORD = 'Secret12';
const outsideAddress = () =>
  `0x${Array.from({ length: 40 }, () => Math.floor(Math.random() * 16).toString(16)).join('')}`;

/** What the person's authenticator app would show for the secret the page printed. */
const totpCode = (secret: string) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate();

async function atPhone(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, `${name}-390`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe('step-up', () => {
  test.setTimeout(180_000);

  test('a withdrawal asks for the password, and a new address waits until the mailed link confirms it', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const user = await fundedUser(request, 'step-up-withdraw', 100);
    await openAs(page, user, 'en');
    await page.goto('/account/market');
    await expect(page.getByTestId('balance-withdrawable')).toHaveText('100 USDT', { timeout: 15_000 });

    const to = outsideAddress();
    await page.getByLabel('Recipient address').fill(to);
    await page.getByLabel('Amount').fill('10');
    await expect(page.getByTestId('withdraw-new-address-hint')).toContainText('waits before it is sent');
    await page.getByTestId('step-up-input').fill('Wrong-pass1');
    await page.getByTestId('withdraw-submit').click();
    await expect(page.getByTestId('step-up')).toContainText('The password or code is not right');
    // Refused before anything moved.
    expect((await getTransactions(request, user, 'type=OUTPUT')).total).toBe(0);
    expect((await getWallet(request, user)).withdrawable).toBe('100');
    await shoot(page, 'step-up-withdraw-wrong-1280');

    await page.getByTestId('step-up-input').fill(PASSWORD);
    await page.getByTestId('withdraw-submit').click();
    const success = page.getByTestId('withdraw-success');
    await expect(success.getByTestId('withdraw-title')).toHaveText('Withdrawal requested');
    await expect(success.getByTestId('tx-status')).toHaveAttribute('data-status', 'REQUESTED');
    const held = success.getByTestId('withdraw-held');
    await expect(held).toContainText('This is your first withdrawal to this address, so it waits until');
    const [withdrawal] = (await getTransactions(request, user, 'type=OUTPUT')).items;
    const until = new Date(withdrawal!.heldUntil!);
    expect(until.getTime() - Date.now()).toBeGreaterThan(23 * 3600_000);
    // The date as the page writes it (the time's spacing differs between ICU versions).
    await expect(held).toContainText(new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(until));
    await shoot(page, 'step-up-withdraw-held-1280');
    await atPhone(page, 'step-up-withdraw-held');

    // The mailed link opens a page that confirms only on a button press.
    const link = await linkFromMail(user.email, '/confirm-address');
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm the withdrawal address' })).toBeVisible();
    await expect(page.getByTestId('address-confirmed')).toHaveCount(0);
    await page.getByRole('button', { name: 'Confirm the address' }).click();
    await expect(page.getByTestId('address-confirmed')).toContainText(`Address ${to} confirmed`);
    await expectAccessible(page);

    await page.goto('/account/market');
    const row = page.getByTestId('history').getByTestId('tx-row').filter({ hasText: 'Withdrawal' });
    await expect(row).toHaveAttribute('data-status', 'CONFIRMED', { timeout: 60_000 });
    await expect(page.getByTestId('balance-total')).toHaveText('90 USDT');
  });

  test('changes the password and the e-mail with a step-up and turns TOTP on, in Russian', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const user = await registerUser(request, 'step-up-account');
    // Signed in on a second device too: the password change must end that session.
    const other = (await (
      await request.post('/api/user/login', { data: { email: user.email, password: PASSWORD } })
    ).json()) as { token: string };
    await openAs(page, user, 'ru');
    await page.goto('/account/data');

    // The password: a wrong proof is refused in Russian, the right one changes it.
    const passwordCard = page.getByTestId('password-change');
    await expect(passwordCard.getByRole('heading', { name: 'Пароль' })).toBeVisible({ timeout: 15_000 });
    await passwordCard.getByLabel('Новый пароль').fill('Newer-pass2');
    await passwordCard.getByLabel('Повторите пароль').fill('Newer-pass2');
    await passwordCard.getByTestId('step-up-input').fill('Wrong-pass1');
    await passwordCard.getByTestId('password-change-submit').click();
    await expect(passwordCard.getByTestId('step-up')).toContainText('Пароль или код неверный');
    await passwordCard.getByTestId('step-up-input').fill(PASSWORD);
    await passwordCard.getByTestId('password-change-submit').click();
    await expect(passwordCard.getByTestId('password-changed')).toHaveText(
      'Пароль изменён. На всех остальных устройствах выполнен выход.',
    );
    await expect(passwordCard.getByTestId('step-up-input')).toHaveValue('');
    const ended = await request.get('/api/user/me', { headers: { authorization: `Bearer ${other.token}` } });
    expect(ended.status()).toBe(401);
    expect((await page.request.get('/api/user/me', { headers: { authorization: `Bearer ${user.token}` } })).ok()).toBe(
      true,
    );
    await shoot(page, 'step-up-password-changed-1280');

    // The e-mail: the new password is the proof now; the code goes to the new address.
    const emailCard = page.getByTestId('email-card');
    await emailCard.getByTestId('email-change-open').click();
    const newEmail = uniqueEmail('step-up-new');
    await emailCard.getByLabel('Новый e-mail').fill(newEmail);
    await emailCard.getByTestId('step-up-input').fill('Newer-pass2');
    await atPhone(page, 'step-up-email-change');
    await emailCard.getByTestId('email-change-submit').click();
    await expect(emailCard.getByTestId('email-code-step')).toContainText(`Мы отправили 6-значный код на ${newEmail}`);
    await expect(emailCard.getByTestId('email-status')).toHaveText('Не подтверждён');
    await emailCard.getByLabel('Код из письма').fill(await codeFromMail(newEmail));
    await emailCard.getByTestId('email-code-submit').click();
    await expect(emailCard.getByTestId('email-changed')).toContainText(`Теперь ваш e-mail — ${newEmail}`);
    await expect(emailCard.getByTestId('email-current')).toHaveText(newEmail);
    await expect(emailCard.getByTestId('email-status')).toHaveText('Подтверждён');

    // TOTP: enrolment needs the step-up, then the app's first code; the recovery codes are shown once.
    const totp = page.getByTestId('totp-section');
    await expect(totp).toContainText('Выключена.');
    await totp.getByTestId('step-up-input').fill('Newer-pass2');
    await totp.getByTestId('totp-start').click();
    const secret = (await totp.getByTestId('totp-secret').textContent())!.trim();
    await shoot(page, 'step-up-totp-enrol-1280');
    await atPhone(page, 'step-up-totp-enrol');
    await totp.getByTestId('totp-first-code').fill(totpCode(secret));
    await totp.getByTestId('totp-confirm').click();
    const codes = totp.getByTestId('totp-recovery-codes').getByRole('listitem');
    await expect(codes).toHaveCount(10);
    await expect(codes.first()).toHaveText(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    await expect(totp).toContainText('Включена.');
    // Every step-up on the page now asks for the authenticator's code, not the password.
    await expect(passwordCard.getByTestId('step-up')).toContainText(
      'Введите 6-значный код из приложения-аутентификатора.',
    );
    await shoot(page, 'step-up-totp-on-1280');
    await atPhone(page, 'step-up-totp-on');
    await expectAccessible(page);
  });
});
