import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

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

for (const locale of ['en-US', 'ru-RU']) {
  test.describe(`accessibility (${locale})`, () => {
    test.use({ locale });
    for (const url of PUBLIC_PAGES) {
      test(`${url} has no serious or critical axe violation`, async ({ page }) => {
        await page.goto(url);
        await expect(page.locator('main h1').first()).toBeVisible();
        // Let scroll-in sections finish appearing, so contrast is measured on what people see.
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await page.waitForTimeout(800);
        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
          .analyze();
        const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(
          serious.map(
            (v) =>
              `${v.id} (${v.impact}): ${v.nodes
                .map((n) => n.target.join(' '))
                .slice(0, 3)
                .join(' | ')}`,
          ),
        ).toEqual([]);
      });
    }
  });
}
