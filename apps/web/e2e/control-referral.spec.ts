import crypto from 'node:crypto';
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import type { ReferralFlags } from '@app/shared/schemas/referral';
import { formatPromocode } from '@app/shared/validation/rules';
import { expectAccessible, shoot, waitForPurchase, type TestUser, buyNewToken } from './support/crypto';
import { seededUsers } from './support/tokens';

/**
 * The admin's side of the referral programme: a person registers a second account through their
 * own link with the same mailbox (a dot and a +tag apart); its Silver purchase pays no reward and
 * leaves a self-referral flag. The admin finds the flag under People, opens the referral, is told
 * why the person cannot be their own referrer, gives them another one with a reason, and finds the
 * change in the audit log. The person's page and the flags are checked in Russian on a phone.
 */

// A purchase confirmed on the development chain, then two admin browsers, on two cores.
test.describe.configure({ timeout: 180_000 });

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

async function register(
  request: APIRequestContext,
  data: { email: string; firstName: string; lastName: string; promocode?: string },
): Promise<TestUser> {
  const record = await ok<{ token: string; user: { id: number } }>(
    await request.post('/api/user/register', { data: { ...data, password: 'Secret12', locale: 'en' } }),
  );
  return { id: record.user.id, token: record.token, email: data.email };
}

/** An admin's page in its own context, signed in before the app starts. */
async function adminPage(browser: Browser, lang: 'en' | 'ru', width: number) {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    locale: lang === 'ru' ? 'ru-RU' : 'en-US',
    serviceWorkers: 'block',
    reducedMotion: 'reduce',
  });
  await context.addInitScript(
    ({ token, language }) => {
      if (sessionStorage.getItem('e2e-signed-in')) return;
      localStorage.setItem('auth', JSON.stringify({ token }));
      localStorage.setItem('accessKey', token);
      localStorage.setItem('locale', language);
      localStorage.setItem('cookie-dialog-hidden', 'true');
      sessionStorage.setItem('e2e-signed-in', '1');
    },
    { token: seededUsers().admin.token, language: lang },
  );
  return context.newPage();
}

test('an admin sees a self-referral flag, changes the referrer with a reason and finds it in the audit log', async ({
  browser,
  request,
}) => {
  // One mailbox, two spellings: mailboxOf() reads both as mila<run>@example.com.
  const run = `${Date.now()}${crypto.randomBytes(2).toString('hex')}`;
  const mila = await register(request, { email: `mila.${run}@example.com`, firstName: 'Mila', lastName: 'Upline' });
  const twin = await register(request, {
    email: `mila${run}+twin@example.com`,
    firstName: 'Milana',
    lastName: `Twin ${run.slice(-4)}`,
    promocode: formatPromocode(mila.id),
  });
  const nina = await register(request, { email: `nina-${run}@example.com`, firstName: 'Nina', lastName: 'Newline' });

  // The twin's Silver purchase from the supply would pay Mila 10%: it leaves a flag instead.
  const purchase = await buyNewToken(request, twin, 'SILVER');
  await waitForPurchase(request, twin, purchase.id, 'COMPLETED');
  const admin = seededUsers().admin;
  await expect
    .poll(
      async () => {
        const flags = await ok<ReferralFlags>(
          await request.get('/api/referral/flags?limit=100', { headers: auth(admin.token) }),
        );
        return flags.items.find((f) => f.referralId === twin.id)?.reason;
      },
      { timeout: 30_000, intervals: [500, 1000] },
    )
    .toBe('email');

  // People → Referral flags: the newest flag first, both people named.
  const page = await adminPage(browser, 'en', 1280);
  await page.goto('/control/people');
  await expect(page.getByTestId('people-grid').getByRole('row').nth(1)).toBeVisible();
  await shoot(page, 'control-referral-people-en-1280', false);
  await page.getByTestId('people-referral-flags').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Referral flags' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'People' })).toHaveAttribute('aria-selected', 'true');
  const flagRow = page.getByRole('row').filter({ hasText: `Twin ${run.slice(-4)}` });
  await expect(flagRow.getByTestId('flag-beneficiary')).toHaveText('Mila Upline');
  await expect(flagRow).toContainText('Same mailbox');
  await expectAccessible(page);
  await shoot(page, 'control-referral-flags-en-1280');

  // The referral's page: Mila brought her, and the withheld reward names Mila.
  await flagRow.getByTestId('flag-referral').click();
  await expect(page.getByTestId('person-name')).toHaveText(`Milana Twin ${run.slice(-4)}`);
  const section = page.getByTestId('person-referral');
  await expect(section.getByTestId('person-referrer')).toHaveText(`Mila Upline · #${mila.id}`);
  await expect(section.getByTestId('person-direct-referrals')).toHaveText('0');
  const flag = section.getByTestId('person-referral-flag');
  await expect(flag).toHaveAttribute('data-reason', 'email');
  await expect(flag).toContainText('Same mailbox');
  await expect(flag).toContainText('Would have paid a reward to Mila Upline');

  // The server's refusal reads as words; then Nina, by her UID, with a reason.
  await section.getByTestId('person-change-referrer').click();
  const dialog = page.getByTestId('person-referrer-dialog');
  await dialog.getByTestId('person-referrer-confirm').click();
  await expect(dialog.getByText('Field is required')).toHaveCount(2);
  await dialog.getByTestId('referrer-uid').fill(String(twin.id));
  await dialog.getByTestId('referrer-reason').fill('Same person as the referrer: support ticket 4711');
  await dialog.getByTestId('person-referrer-confirm').click();
  await expect(dialog.getByTestId('person-referrer-error')).toHaveText('A person cannot be their own referrer');
  await dialog.getByTestId('referrer-uid').fill(String(nina.id));
  await expect(dialog.getByTestId('referrer-preview')).toHaveText(`Nina Newline · ${nina.email}`);
  await shoot(page, 'control-referral-dialog-en-1280', false);
  await dialog.getByTestId('person-referrer-confirm').click();
  await expect(page.getByTestId('person-notice')).toHaveText(
    `The referrer of Milana Twin ${run.slice(-4)} is changed.`,
  );
  await expect(dialog).toBeHidden();
  await expect(section.getByTestId('person-referrer')).toHaveText(`Nina Newline · #${nina.id}`);
  // The flag stays: it is history, as the rewards are.
  await expect(flag).toHaveCount(1);
  await shoot(page, 'control-referral-person-en-1280');

  // Nina's page counts her new referral.
  await section.getByTestId('person-referrer').getByRole('link').click();
  await expect(page.getByTestId('person-name')).toHaveText('Nina Newline');
  await expect(page.getByTestId('person-direct-referrals')).toHaveText('1');

  // The audit log has the change, its reason and both referrers.
  await page.getByRole('tab', { name: 'Audit log' }).click();
  await page.getByTestId('audit-filter-action').fill('referral.referrer');
  await page.getByTestId('audit-filter-targetId').fill(String(twin.id));
  // The filters settle on this one entry (the screenshot shows the filtered log).
  await expect(page.getByTestId('control-audit')).toContainText('1–1 of 1');
  const entry = page.getByRole('row').filter({ hasText: 'support ticket 4711' });
  await expect(entry).toContainText('referral.referrer');
  await expect(entry).toContainText(`referrerId: ${mila.id} → ${nina.id}`);
  await shoot(page, 'control-referral-audit-en-1280');

  // Russian on a phone: the person's section and the flags.
  const ru = await adminPage(browser, 'ru', 390);
  await ru.goto(`/control/people/${twin.id}`);
  const ruSection = ru.getByTestId('person-referral');
  await expect(ruSection).toContainText('Реферальная программа');
  await expect(ruSection.getByTestId('person-referrer')).toHaveText(`Nina Newline · #${nina.id}`);
  await expect(ruSection.getByTestId('person-referral-flag')).toContainText('Один почтовый ящик');
  await shoot(ru, 'control-referral-person-ru-390');
  await ru.goto('/control/people/referral-flags');
  await expect(ru.getByRole('heading', { level: 1, name: 'Самореферальство' })).toBeVisible();
  await expect(ru.getByRole('row').filter({ hasText: `Twin ${run.slice(-4)}` })).toContainText('Один почтовый ящик');
  await shoot(ru, 'control-referral-flags-ru-390');
});
