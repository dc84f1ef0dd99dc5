import { expect, test, type Page } from '@playwright/test';
import { registerUser } from './support/crypto';
import { PUBLIC_PAGES } from './support/public-pages';
import { signIn } from './support/tokens';

/**
 * The public pages come from the server ready to read (prerender/render-public-page.tsx) and the
 * public entry hydrates them. Here: the HTML itself carries the page in the reader's language,
 * the page reads without any script, hydration never falls back to rendering afresh, and a
 * signed-in reader or one with another stored language gets the app instead.
 */
// The partner landing too: it shares the home page's code but has a headline of its own.
const PAGES = [
  ...PUBLIC_PAGES,
  {
    url: '/l/earn',
    en: 'Meet in person. Mint tokens. Earn rewards.',
    ru: 'Встречайтесь вживую. Выпускайте токены. Получайте награды.',
  },
  // A guest's auth screens come rendered too (decision 035).
  { url: '/auth/login', en: 'Log in', ru: 'Вход' },
  { url: '/auth/register', en: 'Create an account', ru: 'Регистрация' },
] as const;

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('cookie-dialog-hidden', 'true');
    localStorage.setItem('install-app-dialog-hidden', 'true');
  });
});

/** Console errors and page errors: a failed hydration reports itself as "hydration: …". */
function collectErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

for (const locale of ['en', 'ru'] as const) {
  test(`every public page arrives rendered in ${locale} and hydrates without a mismatch`, async ({ browser }) => {
    // Ten pages, each fetched, opened and hydrated: longer than one page's test on a busy machine.
    test.setTimeout(120_000);
    const context = await browser.newContext({ locale: locale === 'ru' ? 'ru-RU' : 'en-US' });
    await context.addInitScript(() => localStorage.setItem('cookie-dialog-hidden', 'true'));
    const page = await context.newPage();
    const errors = collectErrors(page);
    for (const { url, ...h1 } of PAGES) {
      const heading = h1[locale];
      // The server's answer alone: the language follows Accept-Language.
      const html = await (await page.request.get(url, { headers: { 'accept-language': locale } })).text();
      expect(html, url).toContain(`<html lang="${locale}"`);
      expect(html, url).toContain(heading.replace(/&/g, '&amp;'));
      expect(html, url).toMatch(/<title>[^<]+<\/title>/);
      expect(html, url).toContain('hreflang="ru"');

      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      // The page takes its code when the visitor reaches for a control (a pointer over one here).
      await page.getByTestId('language-button').hover();
      await expect(page.locator('html')).toHaveAttribute('data-interactive', 'true');
      // The page's styles came with it and stay where they are; hydration computed next to none of
      // its class rules again (MUI's global styles, a few, are always inserted anew by emotion).
      const styles = await page.evaluate(() => ({
        server: document.querySelectorAll('head > style[data-emotion-ssr]').length,
        browserRules: [...document.querySelectorAll('style[data-emotion="css"]')].reduce(
          (n, tag) => n + ((tag as HTMLStyleElement).sheet?.cssRules.length ?? 0),
          0,
        ),
      }));
      expect(styles.server, url).toBeGreaterThan(0);
      expect(styles.browserRules, url).toBeLessThan(20);
      // Hydrated: the header's language menu answers.
      await page.getByTestId('language-button').click();
      await expect(page.getByRole('menuitem', { name: 'Русский' })).toBeVisible();
      await page.keyboard.press('Escape');
    }
    expect(errors).toEqual([]);
    await context.close();
  });
}

test('without JavaScript the pages still read, in the language asked for', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, locale: 'en-US' });
  const page = await context.newPage();
  await page.goto('/help/faq?lang=ru');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Вопросы и ответы');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Raise your hand. Meet someone nearby.');
  await expect(page.getByTestId('home')).toContainText('Silver');
  // A link is a link: it works before (and without) any script.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Use' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Use');
  await page.screenshot({ path: test.info().outputPath('no-js-terms.png') });
  await context.close();
});

/** Holds back the script whose address matches until `release()`; `happened()` says it was asked for. */
async function holdBack(page: Page, script: RegExp) {
  let release!: () => void;
  let happened = false;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(script, async (route) => {
    happened = true;
    await released;
    await route.continue();
  });
  return { release, happened: () => happened };
}

test('a page takes its code only when it needs it: fetched once it is on screen, run when a control is reached for', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    const file = /\/assets\/(hydrate-public-page|public-app)-[^/]+\.js$/.exec(request.url())?.[1];
    if (file) asked.push(file);
  });
  // A paused clock: the cookie banner's moment (which also takes the code) never comes by itself.
  const start = new Date('2026-03-01T10:00:00Z');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 500));
  await page.goto('/');
  const html = page.locator('html');
  for (let step = 0; (await html.getAttribute('data-interactive')) !== 'armed'; step++) {
    expect(step, 'the entry answers soon after the first paint').toBeLessThan(200);
    await page.clock.runFor(10);
  }
  // Fetched ahead...
  await expect.poll(() => [...new Set(asked)].sort()).toEqual(['hydrate-public-page', 'public-app']);
  await page.waitForLoadState('networkidle');
  // ...but not run: reading and scrolling leave the page as it came.
  await page.mouse.wheel(0, 800);
  await page.getByTestId('home').getByRole('heading', { level: 1 }).click();
  const hydrationStarted = () =>
    page.evaluate(() =>
      Object.keys(document.getElementById('root')!).some((key) => key.startsWith('__reactContainer')),
    );
  for (let step = 0; step < 30; step++) {
    await page.clock.runFor(10);
    expect(await hydrationStarted(), 'React has not taken the page').toBe(false);
  }
  await expect(html).toHaveAttribute('data-interactive', 'armed');
  // A pointer over a button: the page takes its code and hydrates.
  await page.getByTestId('language-button').hover();
  for (let step = 0; (await html.getAttribute('data-interactive')) !== 'true'; step++) {
    expect(step, 'the page hydrates soon after a control is reached for').toBeLessThan(1000);
    await page.clock.runFor(10);
  }
  expect(await hydrationStarted()).toBe(true);
});

test('a tap before the page is hydrated is not lost', async ({ page }) => {
  // Hold the hydration code back, tap the language button meanwhile, then let it through.
  const held = await holdBack(page, /\/assets\/public-app-[^/]+\.js$/);
  const errors = collectErrors(page);
  await page.goto('/help/faq');
  // On the button's icon: an <svg> has no click() of its own.
  await page.getByTestId('language-button').locator('svg').click();
  await expect(page.getByRole('menuitem', { name: 'Русский' })).toBeHidden();
  // The hydration code really was held back: the tap happened before hydration.
  expect(held.happened()).toBe(true);
  held.release();
  await expect(page.getByRole('menuitem', { name: 'Русский' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a form sent before any of the page’s scripts ran is held, then answered', async ({ page }) => {
  // Hold back even the page's small entry: only the page's inline script is there.
  const held = await holdBack(page, /\/assets\/public-start-[^/]+\.js$/);
  const errors = collectErrors(page);
  await page.goto('/support', { waitUntil: 'commit' });
  const form = page.getByTestId('feedback-form');
  await form.getByRole('button', { name: 'Send message' }).click();
  // Not sent the browser's way: the address keeps no fields and the page stays.
  await page.waitForTimeout(300);
  expect(page.url()).toMatch(/\/support$/);
  expect(held.happened()).toBe(true);
  held.release();
  await expect(form.getByText('Field is required')).toHaveCount(3);
  expect(page.url()).toMatch(/\/support$/);
  // The inline script ran under the Content-Security-Policy: no refusal was reported.
  expect(errors).toEqual([]);
});

test('registration filled in and sent before hydration: the box ticks at once, and the account is made from what was typed', async ({
  page,
}) => {
  const held = await holdBack(page, /\/assets\/public-app-[^/]+\.js$/);
  const errors = collectErrors(page);
  await page.goto('/auth/register');
  const email = `early${Date.now()}@example.com`;
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Secret12');
  await page.getByLabel('Repeat password').fill('Secret12');
  // The tick shows at once, as the browser's own, though nothing of React answers yet.
  await page.getByRole('checkbox').check();
  await expect(page.getByRole('checkbox')).toBeChecked();
  await page.getByRole('button', { name: 'Create account' }).click();
  expect(held.happened()).toBe(true);
  expect(page.url()).toMatch(/\/auth\/register$/);
  held.release();
  // The held send goes out with the typed fields and the tick: no "required" anywhere.
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toBe('/auth/confirm-email');
  await expect(page.getByText(email)).toBeVisible();
  expect(errors).toEqual([]);
});

test('a signed-in reader, or one whose stored language differs, gets the app over the rendered page', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'ru-RU' });
  await context.addInitScript(() => {
    localStorage.setItem('cookie-dialog-hidden', 'true');
    localStorage.setItem('locale', 'en');
  });
  const page = await context.newPage();
  const errors = collectErrors(page);
  // No cookie yet: the server goes by the browser (Russian), the app by the stored choice.
  const first = await page.goto('/help/faq');
  expect(await first!.text()).toContain('<html lang="ru"');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('FAQ');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // From now on the server knows the choice.
  const second = await page.goto('/help/faq');
  expect(await second!.text()).toContain('<html lang="en"');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('FAQ');
  expect(errors).toEqual([]);
  await context.close();
});

test('a signed-in reader never sees a guest’s controls while the app comes, and then the app’s own', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const reader = await registerUser(request, 'reader');
  await signIn(page, reader.token);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  // The app's entry held back: what shows is the server's page and its inline script.
  await page.route(/\/assets\/start-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue().catch(() => undefined);
  });
  await page.goto('/');
  await expect(page.getByTestId('home')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-session', 'stored');
  // The guest's login button is in the page, not on screen.
  await expect(page.getByTestId('login-button')).toHaveCount(1);
  await expect(page.getByTestId('login-button')).toBeHidden();
  await page.goto('/auth/login');
  await expect(page.getByTestId('auth-page')).toHaveCount(1);
  await expect(page.getByTestId('auth-page')).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toBeHidden();

  release();
  // The app takes a signed-in reader away from the login screen, and the mark is gone.
  await expect(page).not.toHaveURL(/\/auth\/login$/);
  await expect(page.locator('html')).not.toHaveAttribute('data-session');
  await expect(page.getByRole('button', { name: 'My profile' })).toBeVisible();

  // A stored session that has ended: the app finds out and shows a guest what a guest may use. It is
  // stored from a page without the app, so no late answer of the app's (its /me) writes the live one back.
  await page.goto('/api/health');
  await page.evaluate(() => localStorage.setItem('auth', JSON.stringify({ token: 'ended.session.token' })));
  await page.goto('/');
  await expect(page.getByTestId('login-button')).toBeVisible();
  await expect(page.locator('html')).not.toHaveAttribute('data-session');
});
