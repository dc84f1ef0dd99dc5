import { expect, test, type Page } from '@playwright/test';

/**
 * Sign in with Apple, against a real OpenID Connect provider on loopback (started by the test
 * server). Its development login form takes any name: the name is the person at the provider.
 */
const person = (prefix = 'e2e') => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

async function signInAtProvider(page: Page, login: string) {
  await page.goto('/apple-login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in with Apple' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in with Apple' }).click();
  // The provider's own page, on its own origin.
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

const savedAuth = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? 'null'));

test('a new person signs in with Apple and continues to complete the profile', async ({ page }) => {
  const login = person();
  await signInAtProvider(page, login);
  await expect(page).toHaveURL(/\/auth\/update-profile$/);
  expect(await savedAuth(page)).toMatchObject({
    token: expect.any(String),
    user: { email: `${login}@example.com`, emailVerified: true },
  });
  expect(await page.evaluate(() => localStorage.getItem('accessKey'))).toEqual(expect.any(String));
});

test('a finished sign-in is handed out once: opening its link again shows the error and try again', async ({
  page,
}) => {
  const claimed: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/user/apple/apple-success-registration'))
      claimed.push(request.postDataJSON().state);
  });
  await signInAtProvider(page, person());
  await expect(page).toHaveURL(/\/auth\/update-profile$/);
  expect(claimed).toHaveLength(1);

  await page.goto(`/apple-login?state=${encodeURIComponent(claimed[0]!)}`);
  const error = page.getByTestId('provider-sign-in-error');
  await expect(error).toHaveAttribute('data-code', 'PROVIDER_SIGN_IN_FAILED');
  await expect(error.getByRole('link', { name: 'Try again' })).toBeVisible();
});

test('an Apple private relay address gets the warning before going on', async ({ page }) => {
  await signInAtProvider(page, person('relay'));
  const notice = page.getByTestId('private-relay-notice');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('blocks our messages');
  await expect(notice.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
  expect(await savedAuth(page)).toMatchObject({ user: { privateRelay: true } });
  await notice.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/auth\/update-profile$/);
});

test('an error from the sign-in is shown translated, with try again', async ({ page }) => {
  await page.goto('/apple-login?error=PROVIDER_SIGN_IN_FAILED');
  const error = page.getByTestId('provider-sign-in-error');
  await expect(error.getByRole('alert')).toHaveText('Sign-in with the provider failed, please try again');
  await expect(error.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/api/user/apple');

  await page.evaluate(() => localStorage.setItem('locale', 'ru'));
  await page.goto('/apple-login?error=PROVIDER_SIGN_IN_FAILED');
  await expect(error.getByRole('alert')).toHaveText('Не удалось войти через провайдера, попробуйте ещё раз');
  await expect(error.getByRole('link', { name: 'Попробовать снова' })).toBeVisible();
});

test('a state that was never finished is refused on the page', async ({ page }) => {
  await page.goto('/apple-login?state=made-up');
  await expect(page.getByTestId('provider-sign-in-error')).toHaveAttribute('data-code', 'PROVIDER_SIGN_IN_FAILED');
  expect(await savedAuth(page)).toBeNull();
});
