import AxeBuilder from '@axe-core/playwright';
import { seriousViolations } from './support/axe';
import { expect, test, type BrowserContextOptions, type Page } from '@playwright/test';
import { COOKIE_BANNER_DELAY_MS, INSTALL_OFFER_DELAY_MS } from '@app/shared/constants';
import { answerCookieBannerBefore, cookieBanner, openWithBanner } from './support/consent';
import { untilHydrated, untilInteractive } from './support/interactive';

const IPHONE: BrowserContextOptions = {
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
};

/** PNG width and height from the IHDR chunk. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

/** Resolves once a service worker controls the scope and has finished installing (precache included). */
const workerActivated = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active!;
    if (worker.state !== 'activated')
      await new Promise((resolve) =>
        worker.addEventListener('statechange', () => worker.state === 'activated' && resolve(null)),
      );
    return { scope: registration.scope, script: worker.scriptURL };
  });

/** Every URL in every Cache Storage cache, by cache name. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const result: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      result[name] = (await cache.keys()).map((request) => request.url.replace(location.origin, ''));
    }
    return result;
  });

// The worker is what this file tests (the config blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

test.describe('web app manifest', () => {
  test('is linked from every page, served uncached and complete, and its icons load at their sizes', async ({
    page,
    request,
  }) => {
    await page.goto('/help/faq');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const response = await request.get(href!);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/manifest+json');
    expect(response.headers()['cache-control']).toBe('no-cache');
    const manifest = await response.json();
    expect(manifest).toMatchObject({
      name: 'Meet Nearby',
      short_name: 'Meet Nearby',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0a0b0f',
      background_color: '#0a0b0f',
    });
    expect(manifest.icons).toEqual([
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ]);

    const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    const icons = [
      ...manifest.icons.map((icon: { src: string; sizes: string }) => [icon.src, icon.sizes]),
      [appleIcon, '180x180'],
    ];
    for (const [src, sizes] of icons) {
      const icon = await request.get(src);
      expect(icon.headers()['content-type'], src).toBe('image/png');
      const { width, height } = pngSize(await icon.body());
      expect(`${width}x${height}`, src).toBe(sizes);
    }
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0a0b0f');
  });
});

test.describe('service worker', () => {
  test('is served uncached and registers for the whole site', async ({ page, request }) => {
    const worker = await request.get('/sw.js');
    expect(worker.status()).toBe(200);
    expect(worker.headers()['cache-control']).toBe('no-cache');
    expect(worker.headers()['content-type']).toContain('javascript');
    await page.goto('/');
    await expect(page.getByTestId('home')).toBeVisible();
    const { scope, script } = await workerActivated(page);
    expect(new URL(scope).pathname).toBe('/');
    expect(new URL(script).pathname).toBe('/sw.js');
  });

  test('after one visit the site opens offline, the start page and any other', async ({ page, context }) => {
    await page.goto('/');
    await expect(page.getByTestId('home')).toBeVisible();
    await workerActivated(page);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('home')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Raise your hand. Meet someone nearby.');
    await page.goto('/help/faq');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('FAQ');
    await context.setOffline(false);
  });

  test('precaches what the server answers for the start page, takes pages from the network and never caches the API', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await workerActivated(page);
    const fetchedByWorker: string[] = [];
    context.on('request', (request) => {
      if (request.serviceWorker()) fetchedByWorker.push(new URL(request.url()).pathname);
    });
    await page.goto('/help/faq');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('FAQ');
    await page.goto('/');
    await expect(page.getByTestId('home')).toBeVisible();
    // Both pages went through the worker to the server, the start page included.
    expect(fetchedByWorker).toEqual(expect.arrayContaining(['/help/faq', '/']));

    const byCache = await cachedUrls(page);
    const all = Object.values(byCache).flat();
    const precache = Object.entries(byCache).find(([name]) => name.includes('precache'))![1];
    // The start page is precached under its own URL, never as "/" (that would be served cache-first).
    expect(precache.filter((url) => url.startsWith('/?app-shell'))).toHaveLength(1);
    expect(precache.some((url) => /^\/(index\.html)?(\?|$)/.test(url) && !url.startsWith('/?app-shell'))).toBe(false);
    expect(precache.some((url) => url.startsWith('/assets/'))).toBe(true);
    // No copies of pages: offline, every page starts from the precached start page.
    expect(Object.keys(byCache)).toHaveLength(1);
    expect(all.filter((url) => url.startsWith('/api') || url.startsWith('/socket.io'))).toEqual([]);

    const shell = await page.evaluate(async () => {
      const key = (await caches.open((await caches.keys()).find((name) => name.includes('precache'))!)).keys();
      const request = (await key).find((r) => new URL(r.url).search.startsWith('?app-shell'))!;
      return (await (await caches.match(request))!.text()) as string;
    });
    expect(shell).toContain('<script id="app-config" type="application/json">');
  });
});

test.describe('install-app dialog', () => {
  /** Chromium may offer installation by itself; these tests decide when it does (their own events are not trusted). */
  const withoutBrowserPrompt = (page: Page) =>
    page.addInitScript(() =>
      window.addEventListener(
        'beforeinstallprompt',
        (event) => event.isTrusted && event.stopImmediatePropagation(),
        true,
      ),
    );

  test('opens from the header, tells the requirements and how to install, and "Don\'t show again" sets the flag', async ({
    page,
  }) => {
    await withoutBrowserPrompt(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Download App' }).click();
    const dialog = page.getByRole('dialog', { name: 'Get the app' });
    await expect(dialog).toContainText('Requires iOS 16 or later on iPhone 8 or newer.');
    await expect(dialog.getByRole('heading', { name: 'Install this website' })).toBeVisible();
    await expect(dialog.getByTestId('install-instructions')).toHaveText(
      "In your browser's menu, choose Install app or Add to Home screen.",
    );
    expect(seriousViolations(await new AxeBuilder({ page }).include('[role="dialog"]').analyze())).toEqual([]);

    await dialog.getByRole('button', { name: "Don't show again" }).click();
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('install-app-dialog-hidden'))).toBe('true');
    // The header still opens it; the choice is made already.
    await page.getByRole('button', { name: 'Download App' }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: "Don't show again" })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  test("offers the browser's install prompt when the browser has one", async ({ page }) => {
    await withoutBrowserPrompt(page);
    // The offer comes before the page's code for the dialog has loaded (held back here): the
    // page's first script keeps it for that code.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/public-app-[^/]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/');
    await expect(page.getByTestId('home')).toBeVisible();
    await expect(page.locator('html[data-interactive="true"]')).not.toBeAttached();
    // What Chromium sends when the site is installable: the dialog keeps it for the Install button.
    await page.evaluate(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true });
      Object.assign(event, {
        prompt: async () => void ((window as unknown as { prompted: boolean }).prompted = true),
        userChoice: Promise.resolve({ outcome: 'accepted', platform: 'web' }),
      });
      window.dispatchEvent(event);
    });
    release();
    await untilInteractive(page);
    await page.getByRole('button', { name: 'Download App' }).click();
    const dialog = page.getByRole('dialog', { name: 'Get the app' });
    await dialog.getByRole('button', { name: 'Install', exact: true }).click();
    await expect(dialog).toContainText('Installed. Open Meet Nearby from your home screen or app list.');
    expect(await page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true);
  });

  test('says so when running as the installed app', async ({ page }) => {
    await page.addInitScript(() => {
      const original = window.matchMedia.bind(window);
      window.matchMedia = (query: string) =>
        query === '(display-mode: standalone)'
          ? ({
              ...original(query),
              matches: true,
              media: query,
              addEventListener() {},
              removeEventListener() {},
            } as MediaQueryList)
          : original(query);
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'Download App' }).click();
    await expect(page.getByRole('dialog', { name: 'Get the app' })).toContainText('You are using the installed app.');
  });

  for (const [locale, texts] of [
    [
      'en-US',
      {
        menu: 'Open menu',
        entry: 'Download App',
        title: 'Get the app',
        how: 'In Safari, tap Share , then Add to Home Screen .',
      },
    ],
    [
      'ru-RU',
      {
        menu: 'Открыть меню',
        entry: 'Скачать приложение',
        title: 'Установите приложение',
        how: 'В Safari нажмите «Поделиться» , затем «На экран „Домой“» .',
      },
    ],
  ] as const) {
    test(`on an iPhone it explains Share, then Add to Home Screen (${locale})`, async ({ browser }) => {
      const context = await browser.newContext({ ...IPHONE, locale });
      await answerCookieBannerBefore(context);
      const page = await context.newPage();
      await page.goto('/');
      await page.getByRole('button', { name: texts.menu }).click();
      await page.getByRole('button', { name: texts.entry }).click();
      const dialog = page.getByRole('dialog', { name: texts.title });
      await expect(dialog.getByTestId('install-instructions')).toHaveText(texts.how);
      await expect(dialog).toContainText(
        locale === 'en-US'
          ? 'Requires iOS 16 or later on iPhone 8 or newer.'
          : 'Нужна iOS 16 или новее на iPhone 8 или более новом iPhone.',
      );
      await context.close();
    });
  }

  test.describe('opening by itself', () => {
    const dialogOf = (page: Page) => page.getByRole('dialog', { name: 'Get the app' });
    const settle = async (page: Page) => {
      await expect(page.getByTestId('home')).toBeVisible();
      await untilInteractive(page);
      // Nobody touches the page: it takes its code when the cookie banner would be due, and the
      // offer's delay counts from then.
      await page.clock.fastForward(COOKIE_BANNER_DELAY_MS);
      await untilHydrated(page);
      await page.clock.fastForward(INSTALL_OFFER_DELAY_MS + 1000);
    };

    test('happens once, on a phone, from the second visit on', async ({ browser }) => {
      const context = await browser.newContext(IPHONE);
      await answerCookieBannerBefore(context);
      await context.clock.install();
      const first = await context.newPage();
      await first.goto('/');
      await settle(first);
      await expect(dialogOf(first)).toBeHidden();

      // A new tab is a new session: the second visit.
      const second = await context.newPage();
      await second.goto('/');
      await settle(second);
      await expect(dialogOf(second)).toBeVisible();
      await dialogOf(second).getByRole('button', { name: 'Close' }).click();

      const third = await context.newPage();
      await third.goto('/');
      await settle(third);
      await expect(dialogOf(third)).toBeHidden();
      expect(await third.evaluate(() => JSON.parse(localStorage.getItem('install-app-offer')!))).toMatchObject({
        visits: 3,
        offeredAt: expect.any(String),
      });
      await context.close();
    });

    test('waits for the cookie banner to be answered', async ({ browser }) => {
      const context = await browser.newContext(IPHONE);
      await context.addInitScript(() => localStorage.setItem('install-app-offer', JSON.stringify({ visits: 1 })));
      const page = await context.newPage();
      await openWithBanner(page);
      await page.clock.fastForward(INSTALL_OFFER_DELAY_MS * 3);
      await expect(dialogOf(page)).toBeHidden();
      await cookieBanner(page).getByRole('button', { name: 'Accept all' }).click();
      await expect(cookieBanner(page)).toBeHidden();
      await page.clock.fastForward(INSTALL_OFFER_DELAY_MS + 500);
      await expect(dialogOf(page)).toBeVisible();
      await context.close();
    });

    test('never on a desktop, nor after "Don\'t show again"', async ({ browser }) => {
      for (const options of [{}, IPHONE]) {
        const context = await browser.newContext(options);
        await answerCookieBannerBefore(context);
        await context.addInitScript(() => localStorage.setItem('install-app-offer', JSON.stringify({ visits: 5 })));
        if (options === IPHONE)
          await context.addInitScript(() => localStorage.setItem('install-app-dialog-hidden', 'true'));
        await context.clock.install();
        const page = await context.newPage();
        await page.goto('/');
        await settle(page);
        await expect(dialogOf(page)).toBeHidden();
        await context.close();
      }
    });
  });
});
