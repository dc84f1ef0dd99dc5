import { expect, test } from '@playwright/test';
import { axeFor, seriousViolations } from './support/axe';

const PUBLIC_PAGES = [
  '/',
  '/l',
  '/l/meet',
  '/l/earn',
  '/meet-and-play',
  '/help/faq',
  '/help/how-to-meet',
  '/terms',
  '/privacy',
  '/support',
  '/affiliates',
  '/risk',
  '/auth/login',
  '/auth/register',
  '/auth/recovery',
  '/apple-login',
  '/no-such-page',
];

/**
 * Russian pages share every component, colour and landmark with the English ones; what the language
 * changes is the text: its length (wrapping, overflowing buttons) and the lang attribute. The Russian
 * pass covers the pages with the longest texts and every kind of page (start, article, form, 404).
 */
const RUSSIAN_PAGES = ['/', '/help/faq', '/terms', '/auth/register', '/support', '/no-such-page'];

for (const [locale, pages] of [
  ['en-US', PUBLIC_PAGES],
  ['ru-RU', RUSSIAN_PAGES],
] as const) {
  test.describe(`accessibility (${locale})`, () => {
    test.use({ locale });
    for (const url of pages) {
      test(`${url} has no serious or critical axe violation`, async ({ page }) => {
        await page.goto(url);
        await expect(page.locator('main h1').first()).toBeVisible();
        // Let scroll-in sections finish appearing, so contrast is measured on what people see.
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await page.waitForTimeout(800);
        expect(seriousViolations(await axeFor(page).analyze())).toEqual([]);
      });
    }
  });
}
