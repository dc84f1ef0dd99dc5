import { expect, test, type Locator, type Page } from '@playwright/test';
import { untilHydrated, untilInteractive } from './support/interactive';
import { reviewShot } from './support/shots';
import { seededUsers, signIn } from './support/tokens';

const backgroundOf = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
/** What the browser takes for its bar around the page: the first theme-color meta. */
const themeColor = (page: Page) =>
  page.evaluate(() => document.querySelector<HTMLMetaElement>('meta[name="theme-color"]')?.content);

test.describe('language', () => {
  test('follows the browser language when nothing is stored', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'ru-RU' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Поднимите руку. Встретьтесь с кем-то рядом.');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page).toHaveTitle('Meet Nearby — Знакомства рядом — по-настоящему');
    await context.close();
  });

  test('falls back to English for an unsupported browser language', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Raise your hand. Meet someone nearby.');
    await context.close();
  });

  test('the header switcher changes the language everywhere and the choice is kept', async ({ page }) => {
    await page.goto('/help/faq');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('FAQ');
    await page.getByTestId('language-button').click();
    await page.getByRole('menuitem', { name: 'Русский' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Вопросы и ответы');
    await expect(page.getByRole('contentinfo')).toContainText('Условия использования');
    await expect(page).toHaveTitle('Вопросы и ответы — Meet Nearby');
    expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('ru');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Вопросы и ответы');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  });

  test('a stored choice wins over the browser language', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'ru-RU' });
    await context.addInitScript(() => localStorage.setItem('locale', 'en'));
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Raise your hand. Meet someone nearby.');
    await context.close();
  });

  test('every placeholder screen and the 404 page read in Russian', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'ru-RU' });
    const page = await context.newPage();
    for (const [url, title] of [
      ['/meet-and-play', 'Встречайся и играй'],
      ['/support', 'Поддержка'],
      ['/auth/login', 'Вход'],
      ['/nowhere', 'Страница не найдена'],
    ] as const) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    }
    await context.close();
  });
});

test.describe('theme', () => {
  test('is dark by default with a near-black background, and the light theme can be switched on and is kept', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByTestId('home')).toBeVisible();
    expect(await backgroundOf(page)).toBe('rgb(10, 11, 15)');
    const primary = await page
      .getByRole('link', { name: 'Open the marketplace' })
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(primary).toBe('rgb(47, 123, 255)');
    // The browser's bar around the page (a phone's status bar) takes the page's background.
    expect(await themeColor(page)).toBe('#0a0b0f');
    await page.getByTestId('theme-toggle').click();
    await expect.poll(() => backgroundOf(page)).toBe('rgb(255, 255, 255)');
    await expect.poll(() => themeColor(page)).toBe('#ffffff');
    await page.reload();
    await expect.poll(() => backgroundOf(page)).toBe('rgb(255, 255, 255)');
    await expect.poll(() => themeColor(page)).toBe('#ffffff');
  });

  test('a reader of the light theme gets it from the first paint, before any of our scripts runs', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('mui-mode', 'light'));
    // None of the pages' module scripts run: what shows is what the server sent and its inline script.
    await page.route(/\/(assets|src)\/.+\.(js|tsx?)(\?.*)?$/, (route) => route.abort());
    for (const [path, shown] of [
      ['/', page.getByTestId('home')],
      ['/auth/login', page.getByRole('textbox', { name: 'E-mail' })],
    ] as const) {
      await page.goto(path);
      await expect(shown).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-mui-color-scheme', 'light');
      expect(await backgroundOf(page), path).toBe('rgb(255, 255, 255)');
      expect(await themeColor(page), path).toBe('#ffffff');
    }
    // The app's own shell (an address no page is rendered for) too.
    await page.goto('/wallet');
    await expect(page.locator('html')).toHaveAttribute('data-mui-color-scheme', 'light');
    expect(await backgroundOf(page)).toBe('rgb(255, 255, 255)');
    expect(await themeColor(page)).toBe('#ffffff');
    // "System" follows the device.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.addInitScript(() => localStorage.setItem('mui-mode', 'system'));
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-mui-color-scheme', 'dark');
    expect(await backgroundOf(page)).toBe('rgb(10, 11, 15)');
  });

  test('buttons have no text transform, letter spacing, elevation or ripple', async ({ page }) => {
    await page.goto('/');
    const button = page.getByRole('link', { name: 'Open the marketplace' });
    const style = await button.evaluate((el) => {
      const s = getComputedStyle(el);
      return { transform: s.textTransform, spacing: s.letterSpacing, shadow: s.boxShadow };
    });
    // Chromium reports a zero letter spacing as "normal".
    expect(style).toEqual({ transform: 'none', spacing: expect.stringMatching(/^(normal|0px)$/), shadow: 'none' });
    await button.hover();
    await page.mouse.down();
    expect(await page.locator('.MuiTouchRipple-root').count()).toBe(0);
    await page.mouse.up();
  });

  test('fonts come from our own server', async ({ page }) => {
    const fontHosts = new Set<string>();
    page.on('request', (r) => {
      if (r.resourceType() === 'font') fontHosts.add(new URL(r.url()).host);
    });
    await page.goto('/');
    // Fonts load once text needs them: wait for the page's text before asking.
    await expect(page.getByTestId('home')).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => document.fonts.check('16px Roboto'))).toBe(true);
    expect([...fontHosts]).toEqual([new URL(page.url()).host]);
  });
});

test.describe('layout at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const url of ['/', '/l/earn', '/help/faq', '/nowhere', '/account/data']) {
    test(`${url} fits without sideways scrolling`, async ({ page }) => {
      await signIn(page, seededUsers().member.token);
      await page.goto(url);
      await expect(page.locator('main h1').first()).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }

  test('the menu drawer holds every entry of SPEC.md section 2', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('menu-button').click();
    const drawer = page.getByRole('presentation').getByRole('navigation');
    for (const name of [
      'Marketplace',
      'Meet & play',
      'Advertisement',
      'FAQ',
      'How to meet & play',
      'Support',
      'Download App',
    ]) {
      await expect(drawer.getByText(name, { exact: true })).toBeVisible();
    }
    await drawer.getByText('How to meet & play').click();
    await expect(page).toHaveURL(/\/help\/how-to-meet$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('How to meet & play');
  });
});

test.describe('header and footer', () => {
  test('the help menu and the download dialog work', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Help' }).click();
    await page.getByRole('menuitem', { name: 'Support' }).click();
    await expect(page).toHaveURL(/\/support$/);
    await page.getByRole('button', { name: 'Download App' }).click();
    const dialog = page.getByRole('dialog', { name: 'Get the app' });
    await expect(dialog).toContainText('Requires iOS 16 or later on iPhone 8 or newer.');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  test('the footer links to terms, privacy and support', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const [name, url] of [
      ['Terms of Use', '/terms'],
      ['Privacy Policy', '/privacy'],
      ['Support', '/support'],
    ] as const) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', url);
    }
    await expect(footer).toContainText('18+ only');
  });
});

test.describe('code splitting', () => {
  test('the home page loads none of the account, market or admin code', async ({ page }) => {
    const scripts = new Set<string>();
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.add(new URL(r.url()).pathname);
    });
    await page.goto('/');
    await expect(page.getByTestId('home')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const home = new Set(scripts);

    await signIn(page, seededUsers().admin.token);
    await page.goto('/account/market');
    await expect(page.getByTestId('wallet')).toBeVisible();
    await page.goto('/control/monitor');
    await expect(page.getByTestId('control-monitor')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const later = [...scripts].filter((s) => !home.has(s));
    expect(later.length).toBeGreaterThan(0);
    expect(later.some((s) => s.includes('section-layout'))).toBe(true);
    expect([...home].some((s) => s.includes('section-layout'))).toBe(false);
  });
});

/**
 * Holds a prerendered page's hydration code until `release()`: the page stays its server's HTML,
 * with only the entry's script (and its early phone menu) running.
 */
async function holdHydration(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/hydrate-public-page-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  return release;
}

const notHydrated = (page: Page) => expect(page.locator('html')).not.toHaveAttribute('data-interactive', 'true');
const earlyDrawerOpen = (page: Page) => page.evaluate(() => window.__earlyDrawer?.isOpen() ?? false);
const bodyOverflow = (page: Page) => page.evaluate(() => getComputedStyle(document.body).overflow);

/** A closed drawer gives the page back: focus on the menu button, the page seen and scrolling again. */
async function expectPageGivenBack(page: Page, drawer: Locator, menuButton: Locator) {
  await expect(drawer).toBeHidden();
  await expect(menuButton).toBeFocused();
  await expect(page.locator('#root')).not.toHaveAttribute('aria-hidden');
  expect(await bodyOverflow(page)).not.toBe('hidden');
}

/** What the drawer says in each language of the site. */
const DRAWER_WORDS = {
  en: {
    locale: 'en-US',
    links: ['Map', 'Marketplace', 'Meet & play', 'Advertisement', 'FAQ', 'How to meet & play', 'Support'],
    faq: 'FAQ',
    faqHeading: 'FAQ',
    theme: 'Switch to light theme',
    close: 'Close menu',
    login: 'Log in',
    download: 'Download App',
    installDialog: 'Get the app',
  },
  ru: {
    locale: 'ru-RU',
    links: [
      'Карта',
      'Маркетплейс',
      'Встречайся и играй',
      'Реклама',
      'Вопросы и ответы',
      'Как встречаться и играть',
      'Поддержка',
    ],
    faq: 'Вопросы и ответы',
    faqHeading: 'Вопросы и ответы',
    theme: 'Светлая тема',
    close: 'Закрыть меню',
    login: 'Войти',
    download: 'Скачать приложение',
    installDialog: 'Установите приложение',
  },
} as const;

test.describe('the phone menu before the page has its code (decision 036)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('cookie-dialog-hidden', 'true'));
  });

  for (const [lang, words] of Object.entries(DRAWER_WORDS)) {
    test.describe(lang, () => {
      test.use({ locale: words.locale });

      test('a tap before hydration opens the menu at once, as a modal, and its links work', async ({ page }) => {
        await holdHydration(page);
        await page.goto('/');
        await untilInteractive(page);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        const menuButton = page.getByTestId('menu-button');
        await menuButton.tap();
        const drawer = page.getByRole('dialog');
        await expect(drawer.getByRole('navigation')).toBeVisible();
        for (const name of words.links) await expect(drawer.getByRole('link', { name, exact: true })).toBeVisible();
        await expect(drawer.getByRole('button', { name: words.download })).toBeVisible();
        await expect(drawer.getByRole('link', { name: words.login })).toHaveAttribute('href', '/auth/login');
        await expect(page.locator('.MuiDrawer-paper')).toHaveCount(1);
        await notHydrated(page);
        await reviewShot(page, `early-drawer-390-${lang}`);

        // A modal, as MUI's: the page behind is hidden and still, focus is in the drawer and goes round.
        await expect(page.locator('#root')).toHaveAttribute('aria-hidden', 'true');
        expect(await bodyOverflow(page)).toBe('hidden');
        await expect(drawer).toBeFocused();
        await page.keyboard.press('Tab');
        await expect(drawer.getByRole('button', { name: words.theme })).toBeFocused();
        await page.keyboard.press('Shift+Tab');
        await expect(drawer.getByRole('link', { name: words.login })).toBeFocused();
        await page.keyboard.press('Tab');
        await expect(drawer.getByRole('button', { name: words.theme })).toBeFocused();
        // A keyboard's focus shows, as on MUI's own controls.
        await page.keyboard.press('Tab');
        await page.keyboard.press('Tab');
        const first = drawer.getByRole('link', { name: words.links[0], exact: true });
        await expect(first).toBeFocused();
        await expect(first).toHaveClass(/Mui-focusVisible/);
        await page.keyboard.press('Tab');
        await expect(first).not.toHaveClass(/Mui-focusVisible/);
        await page.keyboard.press('Escape');
        await expectPageGivenBack(page, drawer, menuButton);

        // The backdrop and the close button close it too.
        await menuButton.tap();
        await expect(drawer).toBeVisible();
        await page.touchscreen.tap(30, 400);
        await expect(drawer).toBeHidden();
        await menuButton.tap();
        await drawer.getByRole('button', { name: words.close }).tap();
        await expect(drawer).toBeHidden();
        await expect(page.locator('#root')).not.toHaveAttribute('aria-hidden');

        await menuButton.tap();
        await drawer.getByRole('link', { name: words.faq, exact: true }).tap();
        await expect(page).toHaveURL(/\/help\/faq$/);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.faqHeading);
      });

      test('once the page hydrates, the React drawer takes over: one drawer, the focus kept', async ({ page }) => {
        const release = await holdHydration(page);
        await page.goto('/help/faq');
        await untilInteractive(page);
        const menuButton = page.getByTestId('menu-button');
        await menuButton.tap();
        const drawer = page.getByRole('dialog');
        await page.keyboard.press('Tab');
        await page.keyboard.press('Tab');
        await expect(drawer.getByRole('button', { name: words.close })).toBeFocused();
        await notHydrated(page);
        const early = await page.locator('.MuiDrawer-paper').screenshot({ animations: 'disabled' });
        release();
        await untilHydrated(page);
        await expect.poll(() => earlyDrawerOpen(page)).toBe(false);
        // React's drawer, open where the early one was, the focus on the same button, the page
        // behind still hidden (now by MUI's modal).
        await expect(page.locator('.MuiDrawer-paper')).toHaveCount(1);
        await expect(drawer).toHaveCount(1);
        await expect(drawer.getByRole('button', { name: words.close })).toBeFocused();
        await expect(page.locator('#root')).toHaveAttribute('aria-hidden', 'true');
        expect(await bodyOverflow(page)).toBe('hidden');
        // The copy is the header's own drawer, drawn the same to the pixel.
        expect((await page.locator('.MuiDrawer-paper').screenshot({ animations: 'disabled' })).equals(early)).toBe(
          true,
        );
        await reviewShot(page, `react-drawer-390-${lang}`);
        await page.keyboard.press('Escape');
        await expectPageGivenBack(page, drawer, menuButton);

        // From now on the header's own drawer answers, as before: no early copy any more.
        await menuButton.tap();
        await expect(drawer.getByRole('button', { name: words.close })).toBeVisible();
        expect(await earlyDrawerOpen(page)).toBe(false);
        await expect(page.locator('.MuiDrawer-paper')).toHaveCount(1);
        await drawer.getByRole('button', { name: words.download }).tap();
        await expect(page.getByRole('dialog', { name: words.installDialog })).toBeVisible();
      });
    });
  }

  test('a press that needs the page’s code waits for it and then happens', async ({ page }) => {
    const release = await holdHydration(page);
    await page.goto('/');
    await untilInteractive(page);
    await page.getByTestId('menu-button').tap();
    await page.getByRole('dialog').getByRole('button', { name: 'Download App' }).tap();
    await notHydrated(page);
    release();
    await expect(page.getByRole('dialog', { name: 'Get the app' })).toBeVisible();
    // The drawer closed as it does for that press, and no copy of it was left behind.
    await expect(page.locator('.MuiDrawer-paper')).toHaveCount(0);
    expect(await earlyDrawerOpen(page)).toBe(false);
  });

  test('closed before the React drawer’s code came and opened again, it does not slide in twice', async ({ page }) => {
    const release = await holdHydration(page);
    let releaseDrawer!: () => void;
    const drawerHeld = new Promise<void>((resolve) => (releaseDrawer = resolve));
    await page.route(/\/assets\/header-popups-[\w-]+\.js$/, async (route) => {
      await drawerHeld;
      await route.continue().catch(() => undefined);
    });
    await page.goto('/');
    await untilInteractive(page);
    const menuButton = page.getByTestId('menu-button');
    await menuButton.tap();
    release();
    // Hydrated, the header follows the open copy and asks for its drawer's code, which is held.
    await untilHydrated(page);
    const drawerCode = page.waitForResponse(/\/assets\/header-popups-[\w-]+\.js$/);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    releaseDrawer();
    await drawerCode;
    // React's drawer is now mounted, closed: its next open would slide in over the copy's.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
    await menuButton.tap();
    await expect.poll(() => earlyDrawerOpen(page)).toBe(false);
    const paper = page.locator('.MuiDrawer-paper');
    await expect(paper).toHaveCount(1);
    await expect(page.getByRole('dialog').getByRole('navigation')).toBeVisible();
    // No slide of its own: MUI's Slide writes the transform it moves into the paper's style.
    expect(await paper.evaluate((node) => node.style.transform)).toBe('');
  });

  test('on a hydrated page the first tap opens it at once too, and React takes over', async ({ page }) => {
    await page.goto('/terms');
    // A pointer over a control: the page takes its code now.
    await page.getByTestId('language-button').hover();
    await untilHydrated(page);
    await page.getByTestId('menu-button').tap();
    await expect(page.getByRole('dialog').getByRole('navigation')).toBeVisible();
    await expect.poll(() => earlyDrawerOpen(page)).toBe(false);
    await expect(page.locator('.MuiDrawer-paper')).toHaveCount(1);
    await page.getByRole('dialog').getByRole('link', { name: 'FAQ' }).tap();
    await expect(page).toHaveURL(/\/help\/faq$/);
  });

  test('a signed-in reader gets the app’s drawer with the account, and no early copy', async ({ page }) => {
    await signIn(page, seededUsers().member.token);
    await page.goto('/');
    // The app renders over the page (a tap on the page before that is dropped with it, as ever).
    await untilHydrated(page);
    await expect(page.getByRole('link', { name: 'Messages' })).toBeVisible();
    await page.getByTestId('menu-button').tap();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('link', { name: '@maria' })).toHaveAttribute('href', '/account');
    await expect(drawer.getByRole('button', { name: 'Log out' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Log in' })).toHaveCount(0);
    await expect(page.locator('.MuiDrawer-paper')).toHaveCount(1);
    expect(await page.evaluate(() => window.__earlyDrawer)).toBeUndefined();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(page.getByTestId('menu-button')).toBeFocused();
  });

  test('at 1280 px there is no menu button: the header’s own menus answer once the page has its code', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const release = await holdHydration(page);
    await page.goto('/');
    await untilInteractive(page);
    await expect(page.getByTestId('menu-button')).toBeHidden();
    await page.getByRole('button', { name: 'Help' }).click();
    await notHydrated(page);
    release();
    // The press was held, and happens once the page has hydrated.
    await page.getByRole('menuitem', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\/help\/faq$/);
  });
});
