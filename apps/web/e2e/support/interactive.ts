import { expect, type Page } from '@playwright/test';

/**
 * A rendered page is there before its script. Its entry marks the page once it answers: its timers
 * run (the cookie banner's among them, which is also when the page takes its code) and a press on a
 * control is held until the code answers it ("armed"); a form's page takes its code at once, and
 * hydration marks "true" (AppFrame). A test moving a fake clock, or using a form right away, waits
 * for it first.
 */
export const untilInteractive = (page: Page) => expect(page.locator('html[data-interactive]')).toBeAttached();

/** The page has taken its code and is hydrated (a prerendered page does so when it needs to). */
export const untilHydrated = (page: Page) => expect(page.locator('html[data-interactive="true"]')).toBeAttached();
