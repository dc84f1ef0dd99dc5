import { expect as baseExpect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import type { CpaLink } from '@app/shared/schemas/cpa';
import type { CpaPartnerState } from '@app/shared/schemas/cpa-programme';
import type { MeetingProgress, MeetingView } from '@app/shared/schemas/meet';
import { expectAccessible, faucet, openAs, shoot, waitForAvailable, waitForPurchase, buy } from './support/crypto';
import { uniqueEmail } from './support/mail';
import { advanceServer, auth, HOUR_MS, meetUser, ok, silverHolder, test, type MeetUser } from './support/meet-server';
import { startPostbackReceiver } from './support/postback-receiver';
import { seededUsers } from './support/tokens';

/**
 * What a meeting earns the people behind it, on a server whose clock the test moves: a partner's
 * link and a referrer's code bring one visitor, who registers in the browser, completes the profile,
 * buys Silver and then really meets another Silver holder (twenty minutes of fixes on the moved
 * clock, both codes confirmed). The referrer sees the basic-meeting income pending in Russian, then
 * available once the 72-hour hold has passed, and paid into the wallet; the partner sees the
 * first-meeting conversion pending, then approved, and the receiver on loopback got its signed
 * postback. The meeting screen itself is walked in meeting.spec.ts; here the meeting goes through
 * the same API the screen uses.
 */

const expect = baseExpect.configure({ timeout: 20_000 });
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const HERE = { lat: 59.93863, lng: 30.31413 };
const STEP_MS = 10_000;

/** A partner approved by the server's admin, with a link whose callback goes to `receiverPort`. */
async function partnerWithLink(request: APIRequestContext, port: number, receiverPort: number) {
  const partner = await meetUser(request, 'Petra');
  await ok(
    await request.post('/api/cpa/partner', {
      headers: auth(partner),
      data: { trafficSources: 'A blog about meeting people', contact: '@petra' },
    }),
  );
  const admin = seededUsers(port).admin;
  await ok(
    await request.post(`/api/cpa/partners/${partner.id}/decision`, {
      headers: auth(admin),
      data: { decision: 'approve' },
    }),
  );
  const link = await ok<CpaLink>(
    await request.post('/api/cpa/links', {
      headers: auth(partner),
      data: {
        name: 'Meetings blog',
        landing: '/l/meet',
        callbackUrl: `http://127.0.0.1:${receiverPort}/pb?click={uid}&action={action}&status={status}&payout={payout}`,
      },
    }),
  );
  return { partner, link };
}

/**
 * Twenty minutes side by side through POST /meet/meetings/:peer/position, STEP_MS of server time
 * per step, each phone stamping its fixes with a clock of its own; then each confirms the other's code.
 */
async function meetAndConfirm(request: APIRequestContext, a: MeetUser, b: MeetUser) {
  let deviceTime = Date.now();
  const fix = async (from: MeetUser, to: MeetUser, north: number) =>
    ok<MeetingProgress>(
      await request.post(`/api/meet/meetings/${to.id}/position`, {
        headers: auth(from),
        data: { lat: HERE.lat + north, lng: HERE.lng, accuracy: 5, at: deviceTime },
      }),
    );
  let met = false;
  for (let step = 0; step < 200 && !met; step++) {
    await advanceServer(request, STEP_MS);
    deviceTime += STEP_MS;
    const answers = [await fix(a, b, 0), await fix(b, a, 0.000009)];
    met = answers.some((answer) => answer.status === 'met');
  }
  expect(met).toBe(true);
  const codeOf = async (viewer: MeetUser, peer: MeetUser) =>
    (await ok<MeetingView>(await request.get(`/api/meet/meetings/${peer.id}`, { headers: auth(viewer) }))).myCode.code;
  const [codeA, codeB] = [await codeOf(a, b), await codeOf(b, a)];
  await ok(await request.post(`/api/meet/meetings/${b.id}/confirm`, { headers: auth(a), data: { code: codeB } }));
  await ok(await request.post(`/api/meet/meetings/${a.id}/confirm`, { headers: auth(b), data: { code: codeA } }));
}

/** The visitor's own browser: the partner's link first, then the referrer's code, then the form. */
async function visitorRegisters(browser: Browser, request: APIRequestContext, linkUrl: string, code: string) {
  const context = await browser.newContext({ locale: 'en-US', viewport: PHONE });
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('cookie-dialog-hidden', 'true'));
  try {
    const hit = page.waitForResponse((r) => r.url().endsWith('/api/cpa/hits'));
    const url = new URL(linkUrl);
    await page.goto(`${url.pathname}${url.search}&uid=click-88`);
    expect(await (await hit).json()).toEqual({ counted: true });
    await page.goto(`/ref/${code}`);
    await expect(page.getByLabel('Promo code')).toHaveValue(code);
    await page.getByLabel('E-mail').fill(uniqueEmail('meeting-visitor'));
    await page.getByLabel('Password', { exact: true }).fill('Secret12');
    await page.getByLabel('Repeat password').fill('Secret12');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Email confirmation');
    const token = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('auth') ?? '{}') as { token: string }).token,
    );
    const me = await ok<{ id: number }>(
      await request.get('/api/user/me', { headers: { authorization: `Bearer ${token}` } }),
    );
    return { id: me.id, token };
  } finally {
    await context.close();
  }
}

const figure = (page: Page, id: string) => page.getByTestId(id);

/** Reloads until the figure reads `text`: the rewards come from events a job delivers. */
async function reloadUntil(page: Page, id: string, text: string) {
  await expect
    .poll(
      async () => {
        await page.reload();
        await figure(page, 'referral-main').waitFor();
        return figure(page, id).textContent();
      },
      { timeout: 40_000, intervals: [1000, 2000] },
    )
    .toBe(text);
}

test.describe('rewards of a meeting', () => {
  test.describe.configure({ mode: 'default', timeout: 300_000 });

  test('a referral who came through a partner link meets someone: the referrer’s and the partner’s rewards are held, then paid', async ({
    browser,
    request,
    meetServer,
  }) => {
    const receiver = await startPostbackReceiver();
    const port = Number(new URL(meetServer.url).port);
    const { partner, link } = await partnerWithLink(request, port, receiver.port);
    const referrer = await meetUser(request, 'Rita');
    const nina = await silverHolder(request, 'Nina');

    const referrerContext = await browser.newContext({ viewport: PHONE, locale: 'ru-RU' });
    const partnerContext = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    const referrerPage = await referrerContext.newPage();
    const partnerPage = await partnerContext.newPage();
    try {
      await openAs(referrerPage, { ...referrer, email: '' }, 'ru');
      await referrerPage.goto('/account/referral');
      const code = await referrerPage.getByTestId('referral-promocode').inputValue();
      expect(code).toMatch(/^EEE[0-9A-F]+$/);

      // The visitor arrives through the partner's link and registers with the referrer's code.
      const registered = await visitorRegisters(browser, request, link.url, code);
      const profile = await ok<{ token?: string }>(
        await request.post('/api/user/profile-update', {
          headers: auth(registered),
          data: {
            firstName: 'Vika',
            lastName: 'Tester',
            domain: `vika${registered.id}`,
            gender: 1,
            birthday: '01.06.1996',
          },
        }),
      );
      const visitor: MeetUser = { ...registered, token: profile.token ?? registered.token, firstName: 'Vika' };
      const buyer = { ...visitor, email: '' };
      await faucet(request, buyer, '100');
      await waitForAvailable(request, buyer, 100);
      const purchase = await buy(request, buyer, 'SILVER');
      await waitForPurchase(request, buyer, purchase.id, 'COMPLETED', 90_000);

      await meetAndConfirm(request, visitor, nina);

      // The referrer: 0.5 EEE from the confirmed meeting beside 10 EEE from the purchase, both held (a Russian decimal comma).
      await reloadUntil(referrerPage, 'referral-source-basic_meeting', '0,5 EEE');
      await expect(figure(referrerPage, 'referral-source-business_purchase')).toHaveText('10 EEE');
      await expect(figure(referrerPage, 'referral-pending')).toHaveText('10,5 EEE');
      await expect(figure(referrerPage, 'referral-available')).toHaveText('0 EEE');
      await expect(referrerPage.getByText('Обычные встречи')).toBeVisible();
      await shoot(referrerPage, 'meeting-rewards-referrer-pending-ru-390');

      // The partner: the first meeting is a conversion, held like the others.
      await openAs(partnerPage, { ...partner, email: '' }, 'en');
      await partnerPage.goto('/cpa');
      await partnerPage.getByTestId('cpa-tab-rewards').click();
      const firstMeet = partnerPage.getByTestId('reward-row').filter({ hasText: 'First meeting' });
      await expect(firstMeet).toHaveAttribute('data-status', 'pending');
      await expect(firstMeet.getByTestId('reward-uid')).toHaveText('click-88');
      await shoot(partnerPage, 'meeting-rewards-partner-pending-1280');

      // Three days and an hour later on the server's clock, the holds are over.
      await advanceServer(request, 73 * HOUR_MS);
      await reloadUntil(referrerPage, 'referral-available', '10,5 EEE');
      await expect(figure(referrerPage, 'referral-pending')).toHaveText('0 EEE');
      await expectAccessible(referrerPage);
      await shoot(referrerPage, 'meeting-rewards-referrer-available-ru-390');
      // The released rewards reach the referrer's wallet as one Reward.
      await referrerPage.goto('/account/market');
      const reward = referrerPage.getByTestId('history').getByTestId('tx-row').filter({ hasText: 'Вознаграждение' });
      await expect(reward).toContainText('10,5', { timeout: 60_000 });

      await expect
        .poll(
          async () => {
            await partnerPage.reload();
            await partnerPage.getByTestId('cpa-tab-rewards').click();
            return firstMeet.getAttribute('data-status');
          },
          { timeout: 40_000, intervals: [1000, 2000] },
        )
        .toBe('approved');
      await shoot(partnerPage, 'meeting-rewards-partner-approved-1280');

      // The tracker heard of the first meeting with the click id, signed with the partner's secret.
      await expect.poll(() => receiver.received.some((r) => r.url.includes('action=first_meet'))).toBe(true);
      const { secret } = await ok<CpaPartnerState>(await request.get('/api/cpa/partner', { headers: auth(partner) }));
      const conversion = receiver.received.find((r) => r.url.includes('action=first_meet'))!;
      expect(conversion.url).toContain('click=click-88');
      expect(() => new Webhook(secret!).verify(conversion.body, conversion.headers)).not.toThrow();
    } finally {
      await receiver.close();
      await referrerContext.close();
      await partnerContext.close();
    }
  });
});
