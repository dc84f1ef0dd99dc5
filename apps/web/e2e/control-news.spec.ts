import sharp from 'sharp';
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { NewsList } from '@app/shared/schemas/news';
import { expectAccessible, openAs, shoot } from './support/crypto';
import { reviewShot } from './support/shots';
import { seededUsers } from './support/tokens';

/**
 * News in the admin area end to end: the admin writes an item in English and Russian with an
 * image, sees the preview, publishes it, and the home page shows it at once to an English and a
 * Russian reader; unpublished it leaves the home page, and deleted (after a confirmation) the list.
 */

const DESKTOP = { width: 1280, height: 900 };
const TABLET = { width: 820, height: 1180 };

/** A 1600x900 picture: orange top, blue bottom. */
const picture = () =>
  sharp({ create: { width: 1600, height: 900, channels: 3, background: '#1565c0' } })
    .composite([
      {
        input: { create: { width: 1600, height: 450, channels: 3, background: '#ff8f00' } },
        left: 0,
        top: 0,
      },
    ])
    .png()
    .toBuffer();

/** The home page's news block as a signed-out reader with the browser in a language sees it. */
async function homeNews(browser: Browser, locale: 'en-US' | 'ru-RU') {
  const context = await browser.newContext({ viewport: DESKTOP, locale });
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('cookie-dialog-hidden', 'true'));
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/notif/news/');
  await page.goto('/');
  // News comes with the page's code, which a prerendered page takes when its place nears the screen.
  await page.getByTestId('app-download').scrollIntoViewIfNeeded();
  const list = (await (await answer).json()) as NewsList;
  return { page, list, news: page.getByTestId('latest-news'), close: () => context.close() };
}

async function fillLanguage(page: Page, code: 'en' | 'ru', title: string, body: string) {
  await page.getByTestId(`news-tab-${code}`).click();
  await page.getByTestId(`news-title-${code}`).fill(title);
  await page.getByTestId(`news-body-${code}`).fill(body);
}

test('an admin writes, previews, publishes, unpublishes and deletes a news item in both languages', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const titleEn = `Platinum queue is open ${stamp}`;
  const titleRu = `Очередь Platinum открыта ${stamp}`;
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
  const admin = await context.newPage();
  await openAs(admin, { ...seededUsers().admin, email: 'admin@example.com' }, 'en');

  await test.step('the list has a status filter and opens the editor at /control/news', async () => {
    await admin.goto('/control/news');
    await expect(admin.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
    await expect(admin.getByTestId('news-grid')).toBeVisible();
    await admin.getByRole('button', { name: 'Add news' }).click();
    await expect(admin).toHaveURL(/\/control\/news\?new/);
    await expect(admin.getByRole('heading', { level: 1, name: 'Add news' })).toBeVisible();
  });

  await test.step('an empty item is refused with a message on each field, in both languages', async () => {
    await admin.getByTestId('news-save').click();
    await expect(admin.getByTestId('news-title-en')).toHaveAttribute('aria-invalid', 'true');
    await expect(admin.getByText('Field is required').first()).toBeVisible();
    await admin.getByTestId('news-tab-ru').click();
    await expect(admin.getByTestId('news-title-ru')).toHaveAttribute('aria-invalid', 'true');
  });

  await test.step('text in both languages, an image, and a preview like the home page card', async () => {
    await fillLanguage(
      admin,
      'en',
      titleEn,
      'Gold and Platinum tokens can be **minted today**.\n\n- Verify once\n- [Read the FAQ](https://example.com/faq)\n\n<script>window.hacked = 1</script>',
    );
    await admin.getByTestId('news-image-input').setInputFiles({
      name: 'queue.png',
      mimeType: 'image/png',
      buffer: await picture(),
    });
    const preview = admin.getByTestId('news-preview-card');
    await expect(preview.locator('img')).toHaveAttribute('src', /\/api\/media\/image\/\d+$/);
    await expect(preview.getByRole('heading', { level: 3 })).toHaveText(titleEn);
    await expect(preview.locator('strong')).toHaveText('minted today');
    await expect(preview.getByRole('link', { name: 'Read the FAQ' })).toHaveAttribute('rel', /noopener/);
    await expect(preview).not.toContainText('hacked');

    await fillLanguage(admin, 'ru', titleRu, 'Токены Gold и Platinum можно **выпустить уже сегодня**.');
    await expect(preview.getByRole('heading', { level: 3 })).toHaveText(titleRu);
    await expect(preview.locator('strong')).toHaveText('выпустить уже сегодня');
    await admin.getByTestId('news-tab-en').click();
    await expect(preview.getByRole('heading', { level: 3 })).toHaveText(titleEn);
    await expect(preview.locator('strong')).toHaveText('minted today');
    await shoot(admin, 'control-news-editor-1280');
    await admin.mouse.move(0, 0);
    await expectAccessible(admin);
  });

  await test.step('publishing saves the item, gives it its own address and puts it on the home page', async () => {
    await admin.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(admin).toHaveURL(/\/control\/news\/\d+$/);
    await expect(admin.getByTestId('news-editor-status')).toHaveText('Published');
    await expect(admin.getByRole('heading', { level: 1, name: 'Edit news' })).toBeVisible();

    const english = await homeNews(browser, 'en-US');
    const card = english.news.getByTestId('news-item').first();
    await expect(card).toContainText(titleEn);
    await expect(card.locator('strong')).toHaveText('minted today');
    await expect(card.locator('img')).toHaveAttribute('src', /\/api\/media\/image\/\d+\/large$/);
    await expect(card.locator('img')).toHaveJSProperty('complete', true);
    await card.scrollIntoViewIfNeeded();
    await english.page.evaluate(() => window.scrollBy(0, -120));
    await reviewShot(english.page, 'home-news-en-1280');
    await english.close();

    const russian = await homeNews(browser, 'ru-RU');
    await expect(russian.news.getByRole('heading', { level: 2 })).toHaveText('Новости');
    await expect(russian.news.getByTestId('news-item').first()).toContainText(titleRu);
    await expect(russian.news).not.toContainText(titleEn);
    await russian.close();
  });

  await test.step('the editor at tablet width, and the list filtered by status', async () => {
    await admin.setViewportSize(TABLET);
    await shoot(admin, 'control-news-editor-820');
    await admin.getByRole('link', { name: 'All news' }).click();
    await admin.getByTestId('news-filter').getByRole('button', { name: 'Published' }).click();
    await expect(admin.getByTestId('news-grid').getByRole('link', { name: titleEn })).toBeVisible();
    await shoot(admin, 'control-news-list-820');
    await admin.getByTestId('news-filter').getByRole('button', { name: 'Drafts' }).click();
    await expect(admin.getByTestId('news-grid').getByRole('link', { name: titleEn })).toHaveCount(0);
    await admin.setViewportSize(DESKTOP);
    await admin.getByTestId('news-filter').getByRole('button', { name: 'All' }).click();
    await shoot(admin, 'control-news-list-1280');
    await admin.getByTestId('news-grid').getByRole('link', { name: titleEn }).click();
  });

  await test.step('unpublished, it leaves the home page at once', async () => {
    await admin.getByRole('button', { name: 'Unpublish' }).click();
    await expect(admin.getByTestId('news-editor-status')).toHaveText('Draft');
    await expect(admin.getByTestId('news-notice')).toContainText('Taken off the home page');
    const english = await homeNews(browser, 'en-US');
    // The page asked for the news after the change: neither the answer nor the page has the item.
    expect(english.list.items.map((item) => item.title.en)).not.toContain(titleEn);
    await expect(english.page.getByText(titleEn)).toHaveCount(0);
    await english.close();
  });

  await test.step('deleting asks first, then the item is gone from the list', async () => {
    await admin.getByRole('button', { name: 'Delete' }).click();
    const dialog = admin.getByRole('dialog');
    await expect(dialog).toContainText(`“${titleEn}” and its image will be deleted for good`);
    await shoot(admin, 'control-news-delete-1280', false);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await admin.getByRole('button', { name: 'Delete' }).click();
    await admin.getByTestId('news-delete-confirm').click();
    await expect(admin).toHaveURL(/\/control\/news$/);
    await expect(admin.getByTestId('news-grid')).toBeVisible();
    await expect(admin.getByTestId('news-grid').getByRole('link', { name: titleEn })).toHaveCount(0);
  });

  await context.close();

  await test.step('in Russian, the editor and its messages are Russian too', async () => {
    const russian = await browser.newContext({ viewport: TABLET, locale: 'ru-RU' });
    const page = await russian.newPage();
    await openAs(page, { ...seededUsers().admin, email: 'admin@example.com' }, 'ru');
    await page.goto('/control/news?new');
    await expect(page.getByRole('heading', { level: 1, name: 'Добавить новость' })).toBeVisible();
    await page.getByRole('button', { name: 'Сохранить черновик' }).click();
    await expect(page.getByText('Обязательное поле').first()).toBeVisible();
    await expect(page.getByTestId('news-preview-card')).toContainText('Заголовок новости');
    await shoot(page, 'control-news-editor-ru-820');
    await russian.close();
  });
});
