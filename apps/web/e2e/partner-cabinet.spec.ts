import { expect, test, type Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import type { CpaStats } from '@app/shared/schemas/cpa-programme';
import {
  auth,
  expectAccessible,
  ok,
  openAs,
  registerUser,
  shoot,
  waitForPurchase,
  buyNewToken,
} from './support/crypto';
import { startPostbackReceiver } from './support/postback-receiver';
import { seededUsers } from './support/tokens';

/**
 * The partner cabinet end to end: a person signs in on /cpa and applies; the admin approves in
 * /control/cpa and sets the holding period to 0; the partner makes a link with a callback to a
 * receiver on loopback; a visitor comes through it and registers with a complete profile; the
 * partner sees the visit and the registration, the fill_profile reward approved and paid out, and
 * the delivered postback, whose signature verifies with the secret the cabinet shows.
 */

test.describe.configure({ timeout: 120_000 });

/** A signed-out page in English with the cookie dialog out of the way. */
async function guest(page: Page) {
  await page.addInitScript(() => {
    if (sessionStorage.getItem('e2e-guest')) return;
    localStorage.setItem('locale', 'en');
    localStorage.setItem('cookie-dialog-hidden', 'true');
    sessionStorage.setItem('e2e-guest', '1');
  });
}

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

test('a person applies in /cpa, is approved, and is paid for a visitor who buys Silver, with signed postbacks', async ({
  browser,
  request,
}) => {
  const receiver = await startPostbackReceiver();
  const person = await registerUser(request, 'cabinet');
  const context = await browser.newContext({ viewport: PHONE, locale: 'en-US' });
  const page = await context.newPage();
  /**
   * The statistics' totals as numbers. Purchases and rewards reach them through events, a moment
   * after they are final; the screen reads them when opened, as a partner would reload.
   */
  const statsTotals = async () => {
    const stats = await ok<CpaStats>(await request.get('/api/cpa/stats?period=30d', { headers: auth(person.token) }));
    return Object.fromEntries(Object.entries(stats.totals).map(([name, figure]) => [name, Number(figure)]));
  };
  await guest(page);
  const adminContext = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
  const admin = await adminContext.newPage();

  try {
    await test.step('signed out, /cpa shows its own sign-in; the person signs in and applies', async () => {
      await page.goto('/cpa');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Advertising cabinet');
      await expect(page.getByTestId('cpa-login')).toBeVisible();
      await expect(page.getByTestId('cpa-login').getByRole('link', { name: 'Create one' })).toHaveAttribute(
        'href',
        '/auth/register',
      );
      await shoot(page, 'cpa-signed-out-390');
      await page.setViewportSize(DESKTOP);
      await shoot(page, 'cpa-signed-out-1280');
      await page.setViewportSize(PHONE);

      await page.getByTestId('cpa-login-email').fill(person.email);
      await page.getByTestId('cpa-login-password').fill('Secret12');
      await page.getByTestId('cpa-login-submit').click();
      const application = page.getByTestId('cpa-application');
      await expect(application).toBeVisible();
      await expect(page).toHaveURL(/\/cpa$/);
      await expect(page.getByTestId('cpa-terms')).toContainText('Completed profile');

      await page.getByTestId('cpa-apply-submit').click();
      await expect(application).toContainText('Field is required');
      await page.getByTestId('cpa-apply-traffic').fill('Telegram channel about dating, 40,000 subscribers');
      await page.getByTestId('cpa-apply-contact').fill('@cabinet_partner');
      // Off the submit button: the theme's hover shade of a contained button is not what is checked.
      await page.mouse.move(0, 0);
      await expectAccessible(page);
      await shoot(page, 'cpa-application-390');
      await page.getByTestId('cpa-apply-submit').click();
      const review = page.getByTestId('cpa-under-review');
      await expect(review).toContainText('Your application is under review');
      await expect(review.getByTestId('review-contact')).toHaveText('@cabinet_partner');
    });

    await test.step('the admin approves in /control/cpa and sets the holding period to 0', async () => {
      await openAs(admin, { ...seededUsers().admin, email: 'admin@example.com' }, 'en');
      await admin.goto('/control/cpa');
      const row = admin.locator(`[data-testid="cpa-application-row"][data-user="${person.id}"]`);
      await expect(row).toContainText('Telegram channel about dating');
      await shoot(admin, 'control-cpa-1280');
      await row.getByTestId('cpa-approve').click();
      await expect(admin.getByTestId('cpa-control-notice')).toContainText('is now a partner');
      await expect(row).toHaveCount(0);

      const settings = admin.getByTestId('cpa-settings');
      await settings.getByTestId('settings-hold').fill('-1');
      await settings.getByTestId('settings-save').click();
      await expect(settings).toContainText('Invalid value');
      await settings.getByTestId('settings-hold').fill('0');
      await settings.getByTestId('settings-save').click();
      await expect(admin.getByTestId('settings-saved')).toHaveText('Settings saved. New conversions use them.');
      await expect(admin.getByTestId('cpa-partners-grid')).toContainText(person.email);
      await admin.mouse.move(0, 0);
      await expectAccessible(admin);
      await admin.setViewportSize(PHONE);
      await shoot(admin, 'control-cpa-390');
    });

    let linkUrl = '';
    await test.step('the partner sees the cabinet and makes a link with a callback', async () => {
      await page.reload();
      await expect(page.getByTestId('partner-cabinet')).toBeVisible();
      await expect(page.getByTestId('cpa-tab-links')).toHaveAttribute('aria-selected', 'true');
      await page.getByTestId('link-new').click();
      const form = page.getByTestId('link-form');
      await expect(form).toContainText('{clickid}');
      await form.getByTestId('link-name').fill('Dating channel');
      await form
        .getByTestId('link-callback')
        .fill(`http://127.0.0.1:${receiver.port}/pb?click={uid}&action={action}&status={status}&payout={payout}`);
      await form.getByTestId('link-submit').click();
      const card = page.getByTestId('link-card');
      await expect(card).toHaveCount(1);
      linkUrl = (await card.getByTestId('link-url').textContent())!;
      await card.getByTestId('link-test').click();
      await expect(page.getByTestId('links-notice')).toContainText('Test postback queued');
      await shoot(page, 'cpa-links-390');
    });

    await test.step('a visitor comes through the link, registers with a complete profile and buys Silver', async () => {
      const visitorContext = await browser.newContext();
      const visitor = await visitorContext.newPage();
      const hit = visitor.waitForResponse((r) => r.url().endsWith('/api/cpa/hits'));
      const url = new URL(linkUrl);
      await visitor.goto(`${url.pathname}${url.search}&uid=click-77`);
      expect(await (await hit).json()).toEqual({ counted: true });
      const registered = await visitor.evaluate(async (nickname) => {
        const res = await fetch('/api/user/register', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-cpa': localStorage.getItem('cpa')!,
            'x-cpa-uid': localStorage.getItem('cpa_uid')!,
          },
          body: JSON.stringify({
            email: `${nickname}@example.com`,
            password: 'Secret12',
            firstName: 'Vera',
            lastName: 'Visitor',
            domain: nickname,
            gender: 1,
            birthday: '14.03.1995',
          }),
        });
        return { status: res.status, body: await res.json() };
      }, `visitor${Date.now()}`);
      expect(registered.status).toBe(200);
      await visitorContext.close();
      // The purchase: a Silver token from the platform's supply, paid from the visitor's wallet.
      const buyer = { id: registered.body.user.id, token: registered.body.token, email: '' };
      const purchase = await buyNewToken(request, buyer, 'SILVER');
      await waitForPurchase(request, buyer, purchase.id, 'COMPLETED', 90_000);
      await expect.poll(() => statsTotals(), { timeout: 60_000, intervals: [500, 1000] }).toMatchObject({ value: 100 });
    });

    await test.step('Statistics shows the visit and the registration', async () => {
      await page.getByTestId('cpa-tab-stats').click();
      await expect(page.getByTestId('stats-hits')).toHaveText('1');
      await expect(page.getByTestId('stats-regs')).toHaveText('1');
      // Value: what the visitor spent (the Silver token).
      await expect(page.getByTestId('stats-value')).toHaveText('100 USDT');
      await expect(page.getByTestId('stats-chart')).toBeVisible();
      await expect(page.getByTestId('stats-link-row')).toContainText('Dating channel');
      await page.getByTestId('period-7d').click();
      await expect(page.getByTestId('stats-hits')).toHaveText('1');
      const download = page.waitForEvent('download');
      await page.getByTestId('stats-csv').click();
      expect((await download).suggestedFilename()).toBe('partner-stats-7d.csv');
      await shoot(page, 'cpa-stats-390');
      await page.setViewportSize(DESKTOP);
      await shoot(page, 'cpa-stats-1280');
    });

    await test.step('Rewards shows the profile and purchase rewards approved, and the payout is requested', async () => {
      await page.getByTestId('cpa-tab-rewards').click();
      const reward = page.getByTestId('reward-row').filter({ hasText: 'Completed profile' });
      const bought = page.getByTestId('reward-row').filter({ hasText: 'Purchase' });
      await expect(reward).toHaveAttribute('data-status', 'approved', { timeout: 30_000 });
      await expect(bought).toHaveAttribute('data-status', 'approved', { timeout: 30_000 });
      await expect(reward.getByTestId('reward-uid')).toHaveText('click-77');
      await expect(page.getByTestId('sum-approved')).toHaveText('5.2 USDT');
      await page.mouse.move(0, 0);
      await expectAccessible(page);
      await page.getByTestId('request-payout').click();
      await expect(page.getByTestId('payout-notice')).toContainText('5.2 USDT is on its way to your wallet');
      await expect(reward).toHaveAttribute('data-status', 'paid');
      await expect(bought).toHaveAttribute('data-status', 'paid');
      await expect(page.getByTestId('payout-row')).toHaveCount(1);
      await expect(page.getByTestId('request-payout')).toBeDisabled();
      await shoot(page, 'cpa-rewards-1280');
    });

    await test.step('the payout arrives in the wallet as a reward, and Statistics counts it', async () => {
      await page.goto('/account/market');
      const reward = page.getByTestId('history').getByTestId('tx-row').filter({ hasText: 'Reward' });
      await expect(reward).toContainText('5.2', { timeout: 60_000 });
      await expect
        .poll(() => statsTotals(), { timeout: 60_000, intervals: [500, 1000] })
        .toMatchObject({
          profit: 5.2,
          paid: 5.2,
        });
      await page.goto('/cpa');
      await page.getByTestId('cpa-tab-stats').click();
      await expect(page.getByTestId('stats-profit')).toHaveText('5.2 USDT');
      await expect(page.getByTestId('stats-paid')).toHaveText('5.2 USDT');
    });

    let secret = '';
    await test.step('Postbacks shows the delivered attempts and the secret', async () => {
      await page.getByTestId('cpa-tab-postbacks').click();
      const delivered = page.locator('[data-testid="postback"][data-action="fill_profile"][data-state="delivered"]');
      await expect(delivered.first()).toBeVisible({ timeout: 30_000 });
      await expect(delivered.first().getByTestId('attempt-status').first()).toHaveText('HTTP 200');
      await delivered.first().getByRole('button', { name: 'Show the answer' }).first().click();
      await expect(delivered.first().getByTestId('attempt-response')).toContainText('"tracker":"e2e"');
      await expect(page.getByTestId('secret-value')).toHaveText(/^whsec_•+.{4}$/);
      await page.getByTestId('secret-reveal').click();
      secret = (await page.getByTestId('secret-value').textContent())!;
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{20,}$/);
      await shoot(page, 'cpa-postbacks-1280');
      await page.setViewportSize(PHONE);
      await shoot(page, 'cpa-postbacks-390');
    });

    await test.step('the receiver got POSTs signed with that secret, with the macros filled in', async () => {
      await expect.poll(() => receiver.received.some((r) => r.url.includes('action=fill_profile'))).toBe(true);
      const webhook = new Webhook(secret);
      for (const call of receiver.received) expect(() => webhook.verify(call.body, call.headers)).not.toThrow();
      const conversion = receiver.received.find((r) => r.url.includes('action=fill_profile'))!;
      expect(conversion.url).toContain('click=click-77');
      expect(conversion.url).toContain('payout=0.2');
      expect(() =>
        new Webhook('whsec_' + Buffer.from('not the secret').toString('base64')).verify(
          conversion.body,
          conversion.headers,
        ),
      ).toThrow();
    });

    await test.step('the cabinet speaks Russian', async () => {
      await page.setViewportSize(DESKTOP);
      await page.getByTestId('language-button').click();
      await page.getByRole('menuitem', { name: 'Русский' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Рекламный кабинет');
      await expect(page.getByRole('heading', { level: 2, name: 'Постбэки' })).toBeVisible();
      await expect(page.getByTestId('cpa-tab-rewards')).toHaveText('Вознаграждения');
      await page.setViewportSize(PHONE);
      await shoot(page, 'cpa-postbacks-ru-390');
    });

    await test.step("the admin opens the partner, sees the link's traffic, and withdraws the approval", async () => {
      await admin.setViewportSize(DESKTOP);
      await admin.reload();
      const grid = admin.getByTestId('cpa-partners-grid');
      await grid.getByRole('row').filter({ hasText: person.email }).getByTestId('cpa-partner-open').click();
      const dialog = admin.getByTestId('cpa-partner-dialog');
      const link = dialog.getByTestId('cpa-partner-link');
      await expect(link).toHaveCount(1);
      await expect(link).toContainText('Dating channel');
      await shoot(admin, 'control-cpa-partner-1280');
      await dialog.getByTestId('cpa-partner-revoke').click();
      await admin.getByTestId('cpa-reject-reason').fill('Incentivised traffic');
      await admin.getByTestId('cpa-reject-confirm').click();
      await expect(admin.getByTestId('cpa-control-notice')).toContainText('is no longer a partner');
      await page.reload();
      await expect(page.getByText('Incentivised traffic')).toBeVisible();
    });
  } finally {
    await receiver.close();
    await adminContext.close();
    await context.close();
  }
});
