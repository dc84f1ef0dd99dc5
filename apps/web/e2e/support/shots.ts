import fs from 'node:fs';
import type { Page } from '@playwright/test';

/**
 * Review screenshots (/tmp/shots) are for a person looking at the screens at phone and desktop
 * sizes. CI, where nobody looks, skips them: each full-page capture costs the two cores about a
 * second of software rendering. `E2E_SHOTS=1` takes them in CI too.
 */
export const SHOTS_WANTED = !process.env.CI || process.env.E2E_SHOTS === '1';

/** Saves /tmp/shots/<name>.png when screenshots are wanted (see SHOTS_WANTED). */
export async function reviewShot(page: Page, name: string, options: { fullPage?: boolean; fromTop?: boolean } = {}) {
  if (!SHOTS_WANTED) return;
  fs.mkdirSync('/tmp/shots', { recursive: true });
  // From the top: the sticky header would otherwise be drawn where the page was scrolled to.
  if (options.fromTop) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({
    path: `/tmp/shots/${name}.png`,
    fullPage: options.fullPage ?? false,
    animations: 'disabled',
  });
}
