import { expect, type Page } from '@playwright/test';

/**
 * A rendered page is there before its script; its timers (the cookie banner's among them) and its
 * forms answer only once the script has taken it over (AppFrame marks that). A test moving a fake
 * clock, or using a form right away, waits for it first.
 */
export const untilInteractive = (page: Page) => expect(page.locator('html[data-interactive]')).toBeAttached();
