import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type Browser, type LaunchOptions, type Page, type TestInfo } from '@playwright/test';
import type { KycApplication } from '@app/shared/schemas/kyc';
import { fundedUser, getMarket, openAs, registerUser, shoot, supply, type TestUser } from './support/crypto';
import { E2E } from './support/env';
import { seededUsers } from './support/tokens';

/**
 * Identity verification end to end, in two browsers: the person photographs a document and a
 * selfie with Chromium's fake camera and submits; the seeded admin opens /control/kyc in another
 * browser and decides; the person sees the decision (and the checkmark) at once.
 */

test.describe.configure({ mode: 'serial', timeout: 240_000 });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const applicationOf = async (page: Page, user: TestUser) => {
  const response = await page.request.get('/api/kyc/application', {
    headers: { authorization: `Bearer ${user.token}` },
  });
  return (await response.json()) as KycApplication;
};

/**
 * A Y4M still (what Chromium's fake camera plays, looped) of a card with lines of "print" on a
 * desk: 1280x720, large enough for the server's minimum side. The seed changes the print, so two
 * journeys' documents are not the same picture.
 */
function writeDocumentVideo(file: string, seed: string) {
  const width = 1280;
  const height = 720;
  const random = crypto.createHash('sha256').update(seed).digest();
  const luma = Buffer.alloc(width * height, 70);
  const card = { left: 240, top: 130, width: 800, height: 460 };
  for (let y = card.top; y < card.top + card.height; y++)
    luma.fill(215, y * width + card.left, y * width + card.left + card.width);
  // A photo square and lines of print of seeded lengths.
  for (let y = card.top + 60; y < card.top + 300; y++)
    luma.fill(110, y * width + card.left + 50, y * width + card.left + 230);
  for (let line = 0; line < 9; line++) {
    const top = card.top + 60 + line * 40;
    const length = 200 + (random[line]! % 300);
    for (let y = top; y < top + 14; y++)
      luma.fill(40, y * width + card.left + 280, y * width + card.left + 280 + length);
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  fs.writeFileSync(file, Buffer.concat([header, ...Array.from({ length: 5 }, () => frame)]));
}

/** A Chromium whose camera is the still above (allowed without a prompt). */
async function cameraBrowser(testInfo: TestInfo, seed: string): Promise<{ browser: Browser; video: string }> {
  const video = path.join(os.tmpdir(), `kyc-camera-${process.pid}-${testInfo.workerIndex}-${seed}.y4m`);
  writeDocumentVideo(video, `${seed}-${Date.now()}`);
  const launch = testInfo.project.use.launchOptions as LaunchOptions;
  const browser = await chromium.launch({
    ...launch,
    args: [
      ...(launch.args ?? []),
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  return { browser, video };
}

async function openPage(browser: Browser, user: TestUser, lang: 'en' | 'ru', viewport: typeof PHONE) {
  const context = await browser.newContext({ baseURL: E2E.baseUrl, viewport, locale: lang, serviceWorkers: 'block' });
  const page = await context.newPage();
  await openAs(page, user, lang);
  return page;
}

/** One photo step: the camera with its guide, the shot, the preview, the upload. */
async function takePhoto(page: Page, step: 'document' | 'selfie', shot?: string) {
  const camera = page.getByTestId(`kyc-${step}-camera`);
  await camera.getByTestId(`kyc-${step}-camera-open`).click();
  await expect(camera).toHaveAttribute('data-state', 'live', { timeout: 15_000 });
  await expect(camera.getByTestId('frame-guide')).toHaveAttribute('data-kind', step);
  if (shot) await shoot(page, shot);
  await camera.getByTestId(`kyc-${step}-camera-shoot`).click();
  await expect(camera.getByTestId(`kyc-${step}-camera-preview`)).toBeVisible();
  await page.getByTestId(`kyc-${step}-send`).click();
  await expect(page.getByTestId(`kyc-step-${step}`)).toHaveAttribute('data-state', 'done', { timeout: 20_000 });
  await expect(page.getByTestId(`kyc-${step}-uploaded`)).toBeVisible();
}

/** Both photos and the submit; answers the selfie code used (after asking for a new one, if told to). */
async function photographAndSubmit(page: Page, shots?: string, { renewCode = false } = {}) {
  await takePhoto(page, 'document', shots && `${shots}-document`);
  const code = page.getByTestId('kyc-selfie-code');
  await expect(code).toHaveText(/^[A-Z0-9]{6}$/);
  if (renewCode) {
    const old = (await code.textContent())!;
    await page.getByTestId('kyc-selfie-code-renew').click();
    await expect(code).not.toHaveText(old);
    await expect(code).toHaveText(/^[A-Z0-9]{6}$/);
  }
  const used = (await code.textContent())!;
  await takePhoto(page, 'selfie', shots && `${shots}-selfie`);
  await page.getByTestId('kyc-submit').click();
  await expect(page.getByTestId('kyc-page')).toHaveAttribute('data-status', 'requested');
  await expect(page.getByTestId('kyc-step-review')).toHaveAttribute('data-state', 'waiting');
  await expect(page.getByTestId('kyc-review-waiting')).toBeVisible();
  return used;
}

/** The moderator's browser on the application: found in the queue, opened, photos shown. */
async function openApplication(page: Page, id: number, code: string | null) {
  await page.goto('/control/kyc');
  const row = page.locator(`[data-testid="kyc-queue-item"][data-id="${id}"]`);
  await expect(row).toHaveAttribute('data-status', 'requested');
  await row.click();
  const detail = page.getByTestId('kyc-detail');
  await expect(detail).toHaveAttribute('data-id', String(id));
  await expect(detail.getByTestId('kyc-document-photo')).toBeVisible();
  await expect(detail.getByTestId('kyc-selfie-photo')).toBeVisible();
  if (code) await expect(detail.getByTestId('kyc-expected-code')).toHaveText(code);
  return detail;
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a person sent to KYC by a Gold purchase is approved up to Gold and buys it (person in English, moderator in Russian)', async ({
  browser,
  request,
}, testInfo) => {
  const person = await fundedUser(request, 'kyc-gold', 1000);
  await supply(request, 'GOLD', 1);
  await expect
    .poll(async () => (await getMarket(request)).levels.find((l) => l.level === 'GOLD')?.stock)
    .toBeGreaterThan(0);
  const camera = await cameraBrowser(testInfo, 'gold');
  try {
    const page = await openPage(camera.browser, person, 'en', DESKTOP);
    await page.goto('/market');
    await page.getByTestId('market-level-GOLD').getByTestId('buy-button').click();
    const prompt = page.getByTestId('kyc-required');
    await expect(prompt).toContainText('KYC is required for buying NFT');
    await prompt.getByTestId('kyc-link').click();
    await expect(page).toHaveURL(/\/kyc\?level=GOLD$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Verify your identity' })).toBeVisible();
    await shoot(page, 'kyc-intro-en-1280');
    await page.getByTestId('kyc-start').click();
    await expect(page.getByTestId('kyc-status')).toHaveAttribute('data-next', 'upload_document');
    await photographAndSubmit(page, 'kyc-en-1280');
    await shoot(page, 'kyc-requested-en-1280');

    const { id, selfieCode } = await applicationOf(page, person);
    const staff = await browser.newContext({
      baseURL: E2E.baseUrl,
      viewport: DESKTOP,
      locale: 'ru',
      serviceWorkers: 'block',
    });
    const moderator = await staff.newPage();
    await openAs(moderator, { ...seededUsers().admin, email: 'admin@example.com' }, 'ru');
    // The code is no longer shown to the person once submitted; the moderator sees the one expected.
    expect(selfieCode).toBeNull();
    const detail = await openApplication(moderator, id!, null);
    await expect(detail.getByTestId('kyc-expected-code')).toHaveText(/^[A-Z0-9]{6}$/);
    await expect(moderator.getByRole('heading', { level: 1, name: 'Модерация KYC' })).toBeVisible();
    await choose(moderator, 'Максимальный разрешённый уровень', 'Gold');
    await moderator.getByTestId('kyc-comment').fill('Добро пожаловать!');
    await shoot(moderator, 'control-kyc-ru-1280');
    await moderator.getByTestId('kyc-decide').click();
    await expect(detail).toHaveAttribute('data-status', 'approved');
    await staff.close();

    await page.reload();
    const status = page.getByTestId('kyc-status');
    await expect(status).toHaveAttribute('data-status', 'approved');
    await expect(status).toContainText('You may buy and mint tokens up to Gold.');
    await expect(status.getByTestId('kyc-moderator-comment')).toContainText('Добро пожаловать!');
    await expect(page.getByTestId('header-verified')).toBeVisible();
    await shoot(page, 'kyc-approved-en-1280');

    await page.goto('/market');
    await page.getByTestId('market-level-GOLD').getByTestId('buy-button').click();
    const dialog = page.getByTestId('buy-dialog');
    await expect(dialog.getByTestId('kyc-required')).toHaveCount(0);
    await dialog.getByLabel('I agree to the Terms of Use and Privacy Policy').check();
    await page.getByTestId('pay-button').click();
    await expect(page.getByTestId('purchase-outcome')).toHaveAttribute('data-outcome', 'success', { timeout: 120_000 });
  } finally {
    await camera.browser.close();
    fs.rmSync(camera.video, { force: true });
  }
});

test('a rejection with a comment, new photos, then approval (person in Russian on a phone, moderator in English)', async ({
  browser,
  request,
}, testInfo) => {
  const person = await registerUser(request, 'kyc-retry');
  const camera = await cameraBrowser(testInfo, 'retry');
  const staff = await browser.newContext({
    baseURL: E2E.baseUrl,
    viewport: PHONE,
    locale: 'en',
    serviceWorkers: 'block',
  });
  try {
    const page = await openPage(camera.browser, person, 'ru', PHONE);
    await page.goto('/account/data');
    await page.getByTestId('kyc-profile-card').getByTestId('profile-kyc-link').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Подтвердите личность' })).toBeVisible();
    await shoot(page, 'kyc-intro-ru-390');
    await page.getByTestId('kyc-start').click();
    await photographAndSubmit(page, 'kyc-ru-390');
    await shoot(page, 'kyc-requested-ru-390');

    const moderator = await staff.newPage();
    await openAs(moderator, { ...seededUsers().admin, email: 'admin@example.com' }, 'en');
    const first = await applicationOf(page, person);
    let detail = await openApplication(moderator, first.id!, null);
    await moderator.getByTestId('kyc-action-reject').click();
    await moderator.getByTestId('kyc-decide').click();
    // A rejection needs a reason from the fixed list.
    await expect(moderator.getByText('Choose a reason for the rejection')).toBeVisible();
    await choose(moderator, 'Reason', 'Document unreadable');
    await moderator.getByTestId('kyc-comment').fill('The document is blurred. Please take it again in daylight.');
    await moderator.getByTestId('kyc-note').fill('Looks genuine, only blurred.');
    await shoot(moderator, 'control-kyc-en-390');
    await moderator.getByTestId('kyc-decide').click();
    await expect(detail).toHaveAttribute('data-status', 'rejected');

    await page.reload();
    const status = page.getByTestId('kyc-status');
    await expect(status).toHaveAttribute('data-status', 'rejected');
    await expect(status).toContainText('Причина: документ невозможно прочитать');
    await expect(status.getByTestId('kyc-moderator-comment')).toContainText('The document is blurred.');
    await expect(page.getByText('Looks genuine, only blurred.')).toHaveCount(0);
    await shoot(page, 'kyc-rejected-ru-390');
    await page.getByTestId('kyc-resubmit').click();
    await expect(page.getByTestId('kyc-page')).toHaveAttribute('data-status', 'draft');
    // The paper with the first code got lost: a new one, and the moderator expects that one.
    const code = await photographAndSubmit(page, undefined, { renewCode: true });
    await expect(page.getByTestId('kyc-history').getByTestId('kyc-attempt')).toHaveCount(1);

    detail = await openApplication(moderator, first.id!, code);
    await expect(detail.getByTestId('kyc-staff-history').getByTestId('kyc-staff-attempt')).toHaveCount(2);
    await choose(moderator, 'Highest level allowed', 'Silver');
    await moderator.getByTestId('kyc-decide').click();
    await expect(detail).toHaveAttribute('data-status', 'approved');

    await page.reload();
    await expect(page.getByTestId('kyc-status')).toHaveAttribute('data-status', 'approved');
    await expect(page.getByTestId('kyc-verified')).toBeVisible();
    await shoot(page, 'kyc-approved-ru-390');
  } finally {
    await staff.close();
    await camera.browser.close();
    fs.rmSync(camera.video, { force: true });
  }
});
