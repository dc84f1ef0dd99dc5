import { expect, test, type Page } from '@playwright/test';
import { seededUsers, signIn } from './support/tokens';

const stored = (page: Page) =>
  page.evaluate(() => ({
    nft: localStorage.getItem('buyingNftId'),
    cpa: localStorage.getItem('cpa'),
    uid: localStorage.getItem('cpa_uid'),
    expiration: Number(localStorage.getItem('cpa_expiration')),
    fp: localStorage.getItem('fp'),
  }));

test.describe('query values read at app start', () => {
  test('nft, cpa and uid are stored, the partner data for 720 hours', async ({ page }) => {
    const before = Date.now();
    await page.goto('/?nft=42&cpa=17&uid=click-abc');
    await expect(page.getByTestId('home')).toBeVisible();
    const values = await stored(page);
    expect(values).toMatchObject({ nft: '42', cpa: '17', uid: 'click-abc' });
    const hours = (values.expiration - before) / 3_600_000;
    expect(hours).toBeGreaterThan(719.9);
    expect(hours).toBeLessThan(720.1);
  });

  test('uid is only honoured together with cpa, and nft must be numeric', async ({ page }) => {
    await page.goto('/?uid=lonely&nft=abc');
    await expect(page.getByTestId('home')).toBeVisible();
    expect(await stored(page)).toMatchObject({ nft: null, cpa: null, uid: null });
  });

  test('expired partner data is cleared', async ({ page }) => {
    await page.addInitScript(() => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('cpa', '5');
      localStorage.setItem('cpa_uid', 'old');
      localStorage.setItem('cpa_expiration', String(Date.now() - 1000));
    });
    await page.goto('/');
    await expect(page.getByTestId('home')).toBeVisible();
    expect(await stored(page)).toMatchObject({ cpa: null, uid: null, expiration: 0 });
  });

  test('API calls carry the bearer token, JSON accept, the fingerprint and the partner link', async ({ page }) => {
    const { member } = seededUsers();
    await signIn(page, member.token);
    const request = page.waitForRequest((r) => r.url().endsWith('/api/user/me'));
    await page.goto('/l/meet?cpa=99&uid=u-1');
    const headers = (await request).headers();
    const { fp } = await stored(page);
    expect(fp).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(headers).toMatchObject({
      authorization: `Bearer ${member.token}`,
      accept: 'application/json',
      'x-device-fingerprint': fp!,
      'x-cpa': '99',
      'x-cpa-uid': 'u-1',
    });
    // The fingerprint is made once and kept.
    await page.reload();
    expect((await stored(page)).fp).toBe(fp);
  });

  test('a partner link reports its hit with the link, the click id and the fingerprint, for a visitor and for a signed-in user', async ({
    page,
  }) => {
    // A visitor: the prerendered page's small entry sends it, without waiting for the page's code.
    const visitorHit = page.waitForRequest((r) => r.url().endsWith('/api/cpa/hits') && r.method() === 'POST');
    await page.goto('/l/earn?cpa=31&uid=click-1');
    const visitorHeaders = (await visitorHit).headers();
    const { fp } = await stored(page);
    expect(visitorHeaders).toMatchObject({ 'x-cpa': '31', 'x-cpa-uid': 'click-1', 'x-device-fingerprint': fp! });

    // A signed-in user: the app sends it, the same way.
    await signIn(page, seededUsers().member.token);
    const memberHit = page.waitForRequest((r) => r.url().endsWith('/api/cpa/hits') && r.method() === 'POST');
    await page.goto('/l/meet?cpa=32');
    expect((await memberHit).headers()).toMatchObject({ 'x-cpa': '32', 'x-device-fingerprint': fp! });
  });
});

test.describe('session', () => {
  test('a signed-in user sees their nickname and the socket authenticates', async ({ page }) => {
    const { member } = seededUsers();
    await signIn(page, member.token);
    const ready = new Promise<string>((resolve) => {
      page.on('websocket', (ws) => {
        ws.on('framereceived', (frame) => {
          const text = String(frame.payload);
          if (text.includes('session:ready')) resolve(text);
        });
      });
    });
    await page.goto('/');
    await expect(page.getByTestId('account-button')).toHaveText('@maria');
    expect(await ready).toContain(`"userId":${member.id}`);
  });

  test("the header's chat button arrives in a place kept for it: nothing beside it moves", async ({ page }) => {
    await page.setViewportSize({ width: 1600, height: 900 });
    await signIn(page, seededUsers().member.token);
    // Its code is held back, so the header is first drawn without it.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/messages-link/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    const download = page.getByRole('button', { name: 'Download app' });
    await expect(page.getByTestId('account-button')).toHaveText('@maria');
    await expect(page.getByTestId('messages-button')).toHaveCount(0);
    const before = await download.boundingBox();
    release();
    await expect(page.getByTestId('messages-button')).toBeVisible();
    expect(await download.boundingBox()).toEqual(before);
  });

  test('a 401 logs out silently and the guard sends the user to log in', async ({ page }) => {
    await signIn(page, 'expired.or.forged.token');
    await page.goto('/account/data');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/auth/login');
    expect(await page.evaluate(() => [localStorage.getItem('auth'), localStorage.getItem('accessKey')])).toEqual([
      null,
      null,
    ]);
    await expect(page.getByTestId('login-button')).toBeVisible();
  });

  test('a blocked user is logged out', async ({ page }) => {
    await signIn(page, seededUsers().blocked.token);
    await page.goto('/market');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/auth/login');
    expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull();
  });

  test('logout clears the session, closes the socket and goes to the index', async ({ page }) => {
    // Logging out ends the session on the server: a session of its own, not the one other journeys share.
    await signIn(page, seededUsers().memberElsewhere.token);
    let socketClosed = false;
    page.on('websocket', (ws) => ws.on('close', () => (socketClosed = true)));
    await page.goto('/account/data');
    await page.getByTestId('account-button').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page.getByTestId('home')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull();
    await expect.poll(() => socketClosed).toBe(true);
    await page.goto('/account/data');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/auth/login');
  });
});
