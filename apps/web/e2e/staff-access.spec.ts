import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { E2E } from './support/env';
import { reviewShot } from './support/shots';
import { signIn } from './support/tokens';

/**
 * The staff second factor on the production server (decision 029): /control opens only on the
 * admin host (ADMIN_HOST=admin.localhost), and only after the admin's authenticator is proven.
 * staff-e2e@example.com is in that server's ADMIN_EMAILS, so registering makes it an admin.
 */
const EMAIL = 'staff-e2e@example.com';
const PASSWORD = 'Staff-pass1';
const adminUrl = `http://admin.localhost:${E2E.productionPort}`;
const path = (page: Page) => new URL(page.url()).pathname;
const totpCode = (secret: string, offsetMs = 0) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + offsetMs,
  });

async function login(page: Page): Promise<string> {
  const res = await page.request.post(`${E2E.productionUrl}/api/user/login`, {
    data: { email: EMAIL, password: PASSWORD },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()).token;
}

test('in production the admin area opens on its own host, after the admin enrols TOTP; another sign-in gives a code, in Russian', async ({
  page,
  browser,
}) => {
  const registered = await page.request.post(`${E2E.productionUrl}/api/user/register`, {
    data: { email: EMAIL, password: PASSWORD },
  });
  expect(registered.ok()).toBe(true);
  await signIn(page, (await registered.json()).token);

  // The main site's /control goes to the index; the admin host asks for an authenticator first.
  await page.goto(`${E2E.productionUrl}/control/monitor`);
  await expect.poll(() => path(page)).toBe('/');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${adminUrl}/control`);
  await expect.poll(() => path(page)).toBe('/control/monitor');
  const gate = page.getByTestId('staff-gate-enrol');
  await expect(gate.getByRole('heading', { name: 'Turn on two-factor authentication' })).toBeVisible();

  const totp = page.getByTestId('totp-section');
  await totp.getByTestId('step-up-input').fill(PASSWORD);
  await totp.getByTestId('totp-start').click();
  const secret = (await totp.getByTestId('totp-secret').textContent())!.trim();
  await reviewShot(page, 'staff-enrol-1280', { fullPage: true });
  await totp.getByTestId('totp-first-code').fill(totpCode(secret));
  await totp.getByTestId('totp-confirm').click();
  await expect(totp.getByTestId('totp-recovery-codes').getByRole('listitem')).toHaveCount(10);
  await page.getByTestId('staff-gate-continue').click();
  await expect(gate).toBeHidden();
  await expect(page.getByRole('tab', { name: 'Monitor' })).toHaveAttribute('aria-selected', 'true');

  // Another sign-in (a tablet, in Russian) proves the code itself; a wrong one is refused in Russian.
  const context = await browser.newContext({ locale: 'ru-RU', viewport: { width: 820, height: 1100 } });
  const tablet = await context.newPage();
  await signIn(tablet, await login(tablet));
  await tablet.goto(`${adminUrl}/control/monitor`);
  const codeCard = tablet.getByTestId('staff-gate-code');
  await expect(codeCard.getByRole('heading', { name: 'Подтвердите, что это вы' })).toBeVisible();
  await codeCard.getByLabel('Код из приложения').fill('000000');
  await codeCard.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(tablet.getByTestId('staff-code-error')).toHaveText(
    'Код неверный. Проверьте время на телефоне и попробуйте ещё раз',
  );
  await reviewShot(tablet, 'staff-code-820');
  // The next step's code: the one the enrolment used may not be replayed.
  await codeCard.getByLabel('Код из приложения').fill(totpCode(secret, 30_000));
  await codeCard.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(codeCard).toBeHidden();
  await expect(tablet.getByRole('tab', { name: 'Монитор' })).toHaveAttribute('aria-selected', 'true');
  await context.close();
});
