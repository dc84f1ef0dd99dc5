import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { COOKIE_BANNER_DELAY_MS } from '@app/shared/constants';
import { untilInteractive } from './interactive';

export const BANNER_NAME = { en: 'Cookie consent', ru: 'Согласие на cookie' } as const;

export const cookieBanner = (page: Page, lang: keyof typeof BANNER_NAME = 'en') =>
  page.getByRole('region', { name: BANNER_NAME[lang] });

/** What the banner stored, in both storages. */
export const storedConsent = (page: Page) =>
  page.evaluate(() => {
    const read = (area: Storage) => ({
      flag: area.getItem('cookie-dialog-hidden'),
      consents: JSON.parse(area.getItem('consents') ?? 'null') as Record<string, unknown> | null,
    });
    return { local: read(localStorage), session: read(sessionStorage) };
  });

/** Opens a page with a fake clock and skips the banner's delay, so a test need not wait 3 s. */
export async function openWithBanner(page: Page, url = '/', lang: keyof typeof BANNER_NAME = 'en') {
  await page.clock.install();
  await page.goto(url);
  await expect(page.locator('main h1').first()).toBeVisible();
  await untilInteractive(page);
  await page.clock.fastForward(COOKIE_BANNER_DELAY_MS);
  await expect(cookieBanner(page, lang)).toBeVisible();
}

/** A visitor who answered the banner before: it stays away for the whole test. */
export async function answerCookieBannerBefore(context: BrowserContext) {
  await context.addInitScript(() => localStorage.setItem('cookie-dialog-hidden', 'true'));
}

const webSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');
let consentLib: Promise<string> | undefined;

/**
 * The consent feature's library (hasConsent, requestGeolocation), bundled for the browser. No
 * screen calls it yet (the map will), so a test adds it to the page beside the app: it reads the
 * same storage the banner wrote. The page's CSP allows only its own scripts: the context needs
 * `bypassCSP`.
 */
export async function addConsentLib(page: Page) {
  consentLib ??= build({
    stdin: {
      contents:
        "export * from './features/consent/lib/consent-store'; export * from './features/consent/lib/request-geolocation';",
      resolveDir: webSrc,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    globalName: 'consentLib',
    platform: 'browser',
    write: false,
  }).then((result) => result.outputFiles[0]!.text);
  await page.addScriptTag({ content: await consentLib });
}
