import { expect, test } from '@playwright/test';
import { E2E } from './support/env';
import { seededUsers, signIn } from './support/tokens';

const path = (page: import('@playwright/test').Page) => new URL(page.url()).pathname + new URL(page.url()).search;

test.describe('redirects of SPEC.md section 2', () => {
  // One page for the lot: each redirect is a step, not a browser context of its own.
  test('each redirect lands where the table says', async ({ page }) => {
    for (const [from, to] of [
      ['/promo', '/'],
      ['/help', '/help/faq'],
      ['/auth', '/auth/login'],
      ['/ref/EEE1F', '/auth/register?promocode=EEE1F'],
      ['/ref/%D0%95%D0%95%D0%95A', '/auth/register?promocode=%D0%95%D0%95%D0%95A'],
    ] as const) {
      await test.step(`${from} goes to ${to}`, async () => {
        await page.goto(from);
        await expect.poll(() => path(page)).toBe(to);
        await expect(page.locator('main')).toBeVisible();
      });
    }
  });

  test('/account goes to /account/data', async ({ page }) => {
    await signIn(page, seededUsers().member.token);
    await page.goto('/account');
    await expect.poll(() => path(page)).toBe('/account/data');
    await expect(page.getByTestId('account-data')).toBeVisible();
  });

  test('/control goes to /control/monitor for a signed-in user in development', async ({ page }) => {
    await signIn(page, seededUsers().admin.token);
    await page.goto('/control');
    await expect.poll(() => path(page)).toBe('/control/monitor');
    await expect(page.getByRole('tab', { name: 'Monitor' })).toHaveAttribute('aria-selected', 'true');
  });
});

test.describe('partner landings', () => {
  test('each renders the home screen with its landing flag', async ({ page }) => {
    for (const [url, landing] of [
      ['/', 'home'],
      ['/l', 'partner'],
      ['/l/meet', 'meet'],
      ['/l/earn', 'earn'],
    ] as const) {
      await test.step(`${url} renders home as ${landing}`, async () => {
        await page.goto(url);
        await expect(page.getByTestId('home')).toHaveAttribute('data-landing', landing);
        await expect(page.getByTestId('partner-badge')).toHaveCount(landing === 'home' ? 0 : 1);
        await expect(page).toHaveURL(new RegExp(`${url === '/' ? '/$' : url}$`));
      });
    }
  });
});

test.describe('login-required routes', () => {
  test('each without a token goes to the auth area', async ({ page }) => {
    for (const url of [
      '/market',
      '/kyc',
      '/account',
      '/account/data',
      '/account/market',
      '/account/business',
      '/account/referral',
      '/account/cpa',
      '/auth/update-profile',
    ]) {
      await test.step(`${url} without a token goes to the auth area`, async () => {
        await page.goto(url);
        await expect.poll(() => path(page)).toBe('/auth/login');
      });
    }
  });

  test('/market opens with a token', async ({ page }) => {
    await signIn(page, seededUsers().member.token);
    await page.goto('/market');
    await expect(page.getByTestId('market')).toBeVisible();
    expect(path(page)).toBe('/market');
  });

  for (const [url, testId] of [
    ['/kyc', 'kyc-page'],
    ['/account/referral', 'referral-page'],
  ] as const) {
    test(`${url} opens with a token`, async ({ page }) => {
      await signIn(page, seededUsers().member.token);
      await page.goto(url);
      await expect(page.getByTestId(testId)).toBeVisible();
      expect(path(page)).toBe(url);
    });
  }

  test('/auth/update-profile opens with a token', async ({ page }) => {
    await signIn(page, seededUsers().member.token);
    await page.goto('/auth/update-profile');
    await expect(page.getByTestId('auth-page')).toHaveAttribute('data-mode', 'update-profile');
    expect(path(page)).toBe('/auth/update-profile');
  });
});

test.describe('guest-only routes', () => {
  for (const url of ['/auth/login', '/auth/register', '/auth/recovery']) {
    test(`${url} with a token goes to the account`, async ({ page }) => {
      await signIn(page, seededUsers().member.token);
      await page.goto(url);
      await expect.poll(() => path(page)).toBe('/account/data');
    });

    test(`${url} opens for a guest`, async ({ page }) => {
      await page.goto(url);
      await expect(page.getByTestId('auth-page')).toHaveAttribute('data-mode', url.split('/').pop()!);
      expect(path(page)).toBe(url);
    });
  }

  test('/auth/confirm-email is open to guests and users alike', async ({ page }) => {
    await page.goto('/auth/confirm-email');
    await expect(page.getByTestId('auth-page')).toHaveAttribute('data-mode', 'confirm-email');
    await expect(page.getByText('Log in first, then enter the code from our e-mail here.')).toBeVisible();
    await signIn(page, seededUsers().member.token);
    await page.goto('/auth/confirm-email');
    await expect(page.getByTestId('auth-page')).toHaveAttribute('data-mode', 'confirm-email');
    await expect(page.getByLabel('Code from the e-mail')).toBeVisible();
  });
});

test.describe('admin routes', () => {
  test('without a token go to the index', async ({ page }) => {
    await page.goto('/control/kyc');
    await expect.poll(() => path(page)).toBe('/');
    await expect(page.getByTestId('home')).toBeVisible();
  });

  test('with a token in development open, each child at its own path', async ({ page }) => {
    await signIn(page, seededUsers().admin.token);
    for (const [url, screen] of [
      ['/control/monitor', 'control-monitor'],
      ['/control/kyc', 'kyc-moderation'],
      ['/control/news', 'news-control'],
      // No such item: the editor's page says so, at that address.
      ['/control/news/12', 'news-load-error'],
      ['/control/cpa', 'cpa-control'],
      ['/control/jobs', 'control-jobs'],
      ['/control/audit', 'control-audit'],
    ] as const) {
      await page.goto(url);
      await expect(page.getByTestId(screen)).toBeVisible();
      expect(path(page)).toBe(url);
    }
  });

  test('in production go to the index even with a token', async ({ page }) => {
    await signIn(page, seededUsers(E2E.productionPort).admin.token);
    await page.goto(`${E2E.productionUrl}/control/monitor`);
    await expect.poll(() => path(page)).toBe('/');
  });
});

test.describe('open routes and the 404 screen', () => {
  test('each open route opens for a guest', async ({ page }) => {
    for (const [url, testId] of [
      ['/meet-and-play', 'meet-guide'],
      ['/terms', 'legal-document'],
      ['/privacy', 'legal-document'],
      ['/risk', 'risk-page'],
      ['/support', 'support'],
      ['/affiliates', 'affiliates'],
      ['/help/faq', 'faq'],
      ['/help/how-to-meet', 'meet-guide'],
    ] as const) {
      await test.step(`${url} is open`, async () => {
        await page.goto(url);
        await expect(page.getByTestId(testId)).toBeVisible();
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      });
    }
  });

  test('/cpa is open: signed out, the cabinet shows its own sign-in', async ({ page }) => {
    await page.goto('/cpa');
    await expect(page.getByTestId('cpa-page')).toHaveAttribute('data-status', 'signed-out');
    await expect(page.getByTestId('cpa-login')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(path(page)).toBe('/cpa');
  });

  test('unknown paths show the 404 screen with a way back', async ({ page }) => {
    for (const url of ['/no-such-page', '/account-x', '/help/nothing', '/control-panel']) {
      await test.step(`${url} shows the 404 screen with a way back`, async () => {
        await page.goto(url);
        await expect(page.getByTestId('not-found')).toBeVisible();
        await page.getByRole('link', { name: 'Go to the home page' }).click();
        await expect(page.getByTestId('home')).toBeVisible();
      });
    }
  });
});
