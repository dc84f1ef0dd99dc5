import { expect, test, type Locator } from '@playwright/test';
import { expectAccessible, openAs, registerUser, shoot, buyNewToken } from './support/crypto';
import { seededUsers } from './support/tokens';

/**
 * The admin's monitor end to end: /control opens on it, a second browser registers and buys a
 * Silver token, and the admin's figures move without a reload (pushed over the socket); the jobs
 * and audit tabs render, in English and in Russian.
 */

const DESKTOP = { width: 1280, height: 900 };
const TABLET = { width: 820, height: 1180 };

/** A figure as a number, whatever the language's digit grouping. */
const valueOf = async (figure: Locator) => Number((await figure.innerText()).replace(/\D/g, ''));

test('the monitor moves live when someone registers and buys; jobs and audit render in both languages', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const admin = { ...seededUsers().admin, email: 'admin@example.com' };
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
  const page = await context.newPage();
  await openAs(page, admin, 'en');

  await test.step('/control lands on the monitor, live', async () => {
    await page.goto('/control');
    await expect(page).toHaveURL(/\/control\/monitor$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Monitor' })).toBeVisible();
    await expect(page.getByTestId('monitor-live')).toHaveAttribute('data-live', 'true');
    await expect(page.getByTestId('chart-sales')).toBeVisible();
  });

  const registrations = page.getByTestId('figure-registrations');
  const sales = page.getByTestId('figure-sales');
  const registeredBefore = await valueOf(registrations);
  const soldBefore = await valueOf(sales);

  await test.step('a second browser registers and buys Silver: the figures move without a reload', async () => {
    const other = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    const buyer = await registerUser(other.request, 'monitor-buyer');
    await expect.poll(() => valueOf(registrations)).toBeGreaterThan(registeredBefore);

    await buyNewToken(other.request, buyer, 'SILVER');
    await expect.poll(() => valueOf(sales), { timeout: 45_000 }).toBeGreaterThan(soldBefore);
    await expect(page.getByTestId('figure-sales')).toBeVisible();
    await other.close();
  });

  await test.step('screens at desktop and tablet widths', async () => {
    await page.getByTestId('monitor-period-week').click();
    await expectAccessible(page);
    await shoot(page, 'control-monitor-en-1280');
    await page.setViewportSize(TABLET);
    await shoot(page, 'control-monitor-en-820');
  });

  await test.step('a failed job and a parked payout are retried from the jobs tab, and the retry is in the audit log', async () => {
    await page.getByRole('tab', { name: 'Jobs and chain' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Jobs and chain' })).toBeVisible();
    await expect(page.getByTestId('differences-grid')).toBeVisible();
    // The test server seeds one job that failed for good (e2e/support/server.ts).
    const failed = page.getByTestId('failed-jobs-grid');
    await expect(failed.getByRole('row', { name: /event\.monitor\.registrations/ })).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'control-jobs-en-820');
    await failed.getByTestId('job-retry').click();
    await page.getByTestId('job-action-reason').fill('The event store is back');
    await shoot(page, 'control-jobs-retry-en-820', false);
    await page.getByTestId('job-action-confirm').click();
    await expect(page.getByTestId('jobs-notice')).toHaveText('The job will run again.');
    await expect(failed.getByText('No failed jobs.')).toBeVisible();

    // A treasury payout whose sends all failed waits, parked (the test server seeds one): tried
    // again now, the worker sends it on its next pass.
    const steps = page.getByTestId('retrying-steps-grid');
    const parked = steps.getByRole('row', { name: /Treasury payout/ });
    await expect(parked.getByTestId('step-state')).toHaveText('Parked');
    await expect(parked).toContainText('10 of 10');
    await expect(parked).toContainText('ECONNREFUSED');
    await parked.getByTestId('step-retry').click();
    await expect(page.getByTestId('job-action-dialog')).toContainText('Treasury payout #');
    await page.getByTestId('job-action-reason').fill('The node is back');
    await page.getByTestId('job-action-confirm').click();
    await expect(page.getByTestId('jobs-notice')).toHaveText('It will be tried again within seconds.');
    await expect(steps.getByTestId('step-state').filter({ hasText: 'Parked' })).toHaveCount(0);

    await page.getByRole('tab', { name: 'Audit log' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    await page.getByTestId('audit-filter-action').fill('job.');
    const row = page.getByTestId('audit-grid').getByRole('row', { name: /job\.retry/ });
    await expect(row).toContainText('The event store is back');
    await page.setViewportSize(DESKTOP);
    await expectAccessible(page);
    await shoot(page, 'control-audit-en-1280');
    await row.click();
    await expect(page.getByTestId('audit-detail')).toContainText('event.monitor.registrations');
    await shoot(page, 'control-audit-entry-en-1280', false);
    await page.getByRole('button', { name: 'Close' }).click();
  });
  await context.close();

  await test.step('in Russian', async () => {
    const ru = await browser.newContext({ viewport: TABLET, locale: 'ru-RU' });
    const russian = await ru.newPage();
    await openAs(russian, admin, 'ru');
    await russian.goto('/control/jobs');
    await expect(russian.getByRole('heading', { level: 1, name: 'Задачи и блокчейн' })).toBeVisible();
    await expect(russian.getByRole('heading', { level: 2, name: 'Сбойные задачи' })).toBeVisible();
    await expect(russian.getByRole('heading', { level: 2, name: 'Повторы шагов в блокчейне' })).toBeVisible();
    await shoot(russian, 'control-jobs-ru-820');
    await russian.getByRole('tab', { name: 'Журнал аудита' }).click();
    await expect(russian.getByRole('heading', { level: 1, name: 'Журнал аудита' })).toBeVisible();
    await expect(russian.getByTestId('audit-filter-actor')).toBeVisible();
    await shoot(russian, 'control-audit-ru-820');
    await russian.getByRole('tab', { name: 'Мониторинг' }).click();
    await expect(russian.getByRole('heading', { level: 1, name: 'Мониторинг' })).toBeVisible();
    await expect(russian.getByTestId('monitor-live')).toHaveText('В эфире');
    await shoot(russian, 'control-monitor-ru-820');
    await ru.close();
  });
});
