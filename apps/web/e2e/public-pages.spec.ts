import { expect, test, type Page } from '@playwright/test';
import {
  MEETING_DISTANCE_METERS,
  MEETING_DURATION_MINUTES,
  MIN_IOS_VERSION,
  MIN_IPHONE_MODEL,
} from '@app/shared/constants';
import { mailsTo, uniqueEmail } from './support/mail';
import { PUBLIC_PAGES } from './support/public-pages';
import { untilInteractive } from './support/interactive';

/** The default SUPPORT_EMAIL of the API's configuration, which the test server does not override. */
const SUPPORT_EMAIL = 'support@meetnearby.app';

const PAGES = PUBLIC_PAGES;

/** A missing translation shows its key (`faq.items.kyc.q`) or an unfilled `{{value}}`. */
const UNTRANSLATED =
  /\{\{|\b(content|common):|\b(home|meet|faq|legal|terms|privacy|risk|support|affiliates)\.[a-z-]+\.[\w.-]+/;

// The cookie banner and the install dialog belong to other journeys; here they would only cover the page.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('cookie-dialog-hidden', 'true');
    localStorage.setItem('install-app-dialog-hidden', 'true');
  });
});

async function expectPage(page: Page, url: string, h1: string) {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(page.getByRole('main')).not.toContainText(UNTRANSLATED);
}

for (const locale of ['en', 'ru'] as const) {
  test.describe(`public pages in ${locale}`, () => {
    test.use({ locale: locale === 'ru' ? 'ru-RU' : 'en-US' });

    for (const { url, ...titles } of PAGES) {
      test(`${url} renders with its h1`, async ({ page }) => {
        await expectPage(page, url, titles[locale]);
        if (url !== '/') await expect(page).toHaveTitle(`${titles[locale]} — Meet Nearby`);
      });
    }
  });
}

test.describe('home', () => {
  test('shows the levels, how minting works, the app download block and the calls to action', async ({ page }) => {
    await page.goto('/');
    for (const level of ['SILVER', 'GOLD', 'PLATINUM']) await expect(page.getByTestId(`level-${level}`)).toBeVisible();
    await expect(page.getByTestId('level-GOLD')).toContainText('1,000 USDT');
    await expect(page.getByTestId('how-minting-works')).toContainText(`${MEETING_DISTANCE_METERS} metres`);

    const download = page.getByTestId('app-download');
    await download.scrollIntoViewIfNeeded();
    await expect(download).toBeVisible();
    await expect(download).toContainText(`iOS ${MIN_IOS_VERSION} or later on ${MIN_IPHONE_MODEL} or newer`);
    // The test server publishes no App Store link: the block says the website does everything.
    await expect(download).toContainText('this website does everything the app does');
    await expect(download.getByRole('link', { name: 'Start on the web' })).toHaveAttribute('href', '/auth/register');
    await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/auth/register');
  });

  test('shows the latest published news in the reader’s language', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'ru-RU' });
    const page = await context.newPage();
    await page.route('**/api/notif/news/**', (route) =>
      route.fulfill({
        json: {
          items: [
            {
              id: 7,
              status: 'PUBLISHED',
              title: { en: 'Platinum queue opens', ru: 'Открыта очередь Platinum' },
              body: { en: 'Join the queue today.', ru: 'Вставайте в очередь уже сегодня.' },
              image: null,
              publishedAt: '2025-05-01T10:00:00.000Z',
            },
          ],
          total: 1,
        },
      }),
    );
    await page.goto('/');
    // News comes with the page's code, which a prerendered page takes when its place nears the screen.
    await page.getByTestId('app-download').scrollIntoViewIfNeeded();
    const news = page.getByTestId('latest-news');
    await expect(news.getByRole('heading', { level: 2 })).toHaveText('Новости');
    await expect(news.getByTestId('news-item')).toHaveCount(1);
    await expect(news).toContainText('Открыта очередь Platinum');
    await expect(news).toContainText('Вставайте в очередь уже сегодня.');
    await context.close();
  });

  test('shows no news block when the news call fails', async ({ page }) => {
    await page.route('**/api/notif/news/**', (route) =>
      route.fulfill({ status: 500, json: { code: 'INTERNAL', message: 'boom' } }),
    );
    await page.goto('/');
    await expect(page.getByTestId('app-download')).toBeAttached();
    await expect(page.getByTestId('latest-news')).toHaveCount(0);
  });

  test('keeps the partner landing variants', async ({ page }) => {
    await page.goto('/l/earn');
    await expect(page.getByTestId('home')).toHaveAttribute('data-landing', 'earn');
    await expect(page.getByTestId('partner-badge')).toBeVisible();
    await expect(page.getByTestId('app-download')).toBeAttached();
  });
});

test.describe('meet and play', () => {
  test('both pages walk through the six steps with the rules’ numbers', async ({ page }) => {
    for (const url of ['/meet-and-play', '/help/how-to-meet']) {
      await page.goto(url);
      const steps = page.getByTestId('meeting-step');
      await expect(steps).toHaveCount(6);
      await expect(steps.locator('svg').first()).toBeAttached();
      await expect(steps.nth(3)).toContainText(`${MEETING_DISTANCE_METERS} metres`);
      await expect(steps.nth(3)).toContainText(`${MEETING_DURATION_MINUTES} minutes`);
    }
    await expect(page.getByRole('heading', { name: 'Why a meeting did not count' })).toBeVisible();
    await page.goto('/meet-and-play');
    await expect(page.getByRole('table')).toContainText('4,000 USDT');
  });
});

test.describe('FAQ', () => {
  test('has exactly 17 questions in both languages', async ({ page, browser }) => {
    await page.goto('/help/faq');
    await expect(page.getByTestId('faq-item')).toHaveCount(17);
    const context = await browser.newContext({ locale: 'ru-RU' });
    const ru = await context.newPage();
    await ru.goto('/help/faq');
    await expect(ru.getByTestId('faq-item')).toHaveCount(17);
    await expect(ru.getByRole('heading', { name: 'Зачем мне BNB в кошельке?' })).toBeVisible();
    await context.close();
  });

  test('a link with a question’s anchor opens that question and scrolls to it', async ({ page }) => {
    await page.goto('/help/faq#device-protection');
    const item = page.locator('#device-protection');
    await expect(item.getByRole('button')).toHaveAttribute('aria-expanded', 'true');
    await expect(item).toContainText('72 hours');
    await expect(item).toBeInViewport();
    await expect(page.locator('#kyc').getByRole('button')).toHaveAttribute('aria-expanded', 'false');

    // A later hash change (a link elsewhere on the page, the back button) opens its question too.
    await page.goto('/help/faq#gas-and-bnb');
    await expect(page.locator('#gas-and-bnb').getByRole('button')).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('#gas-and-bnb')).toBeInViewport();

    // A question can be closed and opened by hand, and offers its own link.
    await page.locator('#kyc').getByRole('button').click();
    await expect(page.locator('#kyc').getByRole('button')).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('#kyc').getByRole('region')).toContainText('24 hours');
    await page
      .locator('#kyc')
      .getByRole('link', { name: /Link to this question/ })
      .click();
    await expect(page).toHaveURL(/\/help\/faq#kyc$/);
  });
});

test.describe('legal documents', () => {
  test('the terms have a table of contents whose links jump to their sections', async ({ page }) => {
    await page.goto('/terms');
    const contents = page.getByTestId('table-of-contents');
    // Count the sections only once the lazily loaded document is on screen.
    await expect(page.getByTestId('legal-section').first()).toBeVisible();
    await expect(contents.getByRole('link')).toHaveCount(await page.getByTestId('legal-section').count());
    await contents.getByRole('link', { name: 'Wallet' }).click();
    await expect(page).toHaveURL(/\/terms#wallet$/);
    await expect(page.locator('#wallet')).toBeInViewport();
    await expect(page.locator('#contact').getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute(
      'href',
      `mailto:${SUPPORT_EMAIL}`,
    );
  });

  test('the privacy policy opens at a section anchor and covers location, KYC data and the three consents', async ({
    page,
  }) => {
    await page.goto('/privacy#location');
    await expect(page.locator('#location')).toBeInViewport();
    await expect(page.locator('#location')).toContainText('Other people never see your exact position');
    await expect(page.locator('#kyc')).toContainText('identity check data');
    await expect(page.locator('#cookies')).toContainText('personalised ads and geolocation');
  });

  test('the risk disclaimer is reachable from the footer', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Risk disclaimer' }).first().click();
    await expect(page).toHaveURL(/\/risk$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Risk disclaimer');
    const disclaimer = page.getByTestId('risk-disclaimer');
    for (const text of [
      'volatile',
      'No investment advice',
      'not guaranteed',
      'Regional restrictions',
      'aged 18 and over',
    ]) {
      await expect(disclaimer).toContainText(text);
    }
  });
});

test.describe('scrolling between pages', () => {
  const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

  test('a plain link opens the next page at its top, an anchor at its section, and back returns to where the reader was', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByTestId('app-download')).toBeVisible();
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    const homeY = await scrollY(page);
    expect(homeY).toBeGreaterThan(500);

    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Use' }).click();
    await expect(page.getByTestId('legal-section').first()).toBeVisible();
    await expect.poll(() => scrollY(page)).toBe(0);

    // An anchor inside the page (the contents), then back to where it was, then back to the start page.
    await page.getByTestId('table-of-contents').getByRole('link', { name: 'Wallet' }).click();
    await expect(page.locator('#wallet')).toBeInViewport();
    await page.goBack();
    await expect.poll(() => scrollY(page)).toBe(0);
    await page.goBack();
    await expect(page.getByTestId('home')).toBeVisible();
    await expect.poll(() => scrollY(page)).toBe(homeY);
  });

  test('a page opened afresh in the same tab starts at its top or at its anchor, never where another page was left', async ({
    page,
  }) => {
    // Leaving a freshly opened page by a link stores its position; the next fresh page must not take it.
    await page.goto('/');
    await expect(page.getByTestId('app-download')).toBeVisible();
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page.getByTestId('legal-section').first()).toBeVisible();

    await page.goto('/support');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Support');
    await page.waitForTimeout(300);
    expect(await scrollY(page)).toBe(0);

    await page.goto('/help/faq#kyc');
    await expect(page.locator('#kyc').getByRole('button')).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('#kyc')).toBeInViewport();
    await page.goto('/terms#wallet');
    await expect(page.locator('#wallet')).toBeInViewport();
    // ...and it stays there once the page has settled.
    await page.waitForTimeout(1500);
    await expect(page.locator('#wallet')).toBeInViewport();
  });
});

test.describe('support', () => {
  test.use({ locale: 'ru-RU' });

  test('the form shows translated errors, then sends for real and says so', async ({ page }) => {
    await page.goto('/support');
    await expect(page.getByTestId('support-email')).toHaveText(SUPPORT_EMAIL);
    // The form answers once its script has taken the rendered page over (a tap before that is
    // held and replayed: prerender.spec).
    await untilInteractive(page);
    const form = page.getByTestId('feedback-form');
    await form.getByRole('button', { name: 'Отправить' }).click();
    await expect(form.getByText('Обязательное поле')).toHaveCount(3);

    const email = uniqueEmail('feedback');
    await form.getByLabel('Ваше имя').fill('Анна');
    await form.getByLabel('E-mail для ответа').fill('anna@');
    await form.getByLabel('Сообщение').fill('Привет');
    await expect(form.getByText('Неверный e-mail')).toBeVisible();
    await expect(form.getByText('Минимум 10 символов')).toBeVisible();

    const before = mailsTo(SUPPORT_EMAIL).length;
    await form.getByLabel('E-mail для ответа').fill(email);
    await form.getByLabel('Сообщение').fill('Не засчиталась встреча вчера вечером, подскажите почему.');
    await form.getByRole('button', { name: 'Отправить' }).click();
    const success = page.getByTestId('feedback-success');
    await expect(success).toContainText('Сообщение отправлено');
    await expect(success).toContainText(email);
    await expect.poll(() => mailsTo(SUPPORT_EMAIL).length, { timeout: 10_000 }).toBeGreaterThan(before);

    await page.getByRole('button', { name: 'Написать ещё' }).click();
    await expect(page.getByTestId('feedback-form').getByLabel('Ваше имя')).toHaveValue('');
  });
});

test.describe('affiliates', () => {
  test('explains actions, attribution and callbacks, and links to the cabinet', async ({ page }) => {
    await page.goto('/affiliates');
    for (const action of ['purchase', 'first_meet', 'fill_profile'])
      await expect(page.getByTestId(`action-${action}`)).toBeVisible();
    for (const macro of ['{uid}', '{action}', '{payout}', '{event_id}', '{link_id}']) {
      await expect(page.getByRole('table')).toContainText(macro);
    }
    await expect(page.getByRole('main')).toContainText('30 days');
    await expect(page.getByRole('main')).toContainText('HMAC');
    for (const stat of ['Hits', 'Registrations', 'Value', 'Profit', 'Paid']) {
      await expect(page.getByRole('heading', { name: stat, exact: true })).toBeVisible();
    }
    await page.getByTestId('cabinet-link').first().click();
    await expect(page).toHaveURL(/\/cpa$/);
  });
});
