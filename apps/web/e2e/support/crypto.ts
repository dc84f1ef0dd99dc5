import { axeFor, seriousViolations } from './axe';
import { reviewShot } from './shots';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { withStock } from './stock-lock';
import type { Market, Purchase, Transaction, Wallet } from '@app/shared/schemas/crypto';
import crypto from 'node:crypto';
import { NFT_PRICE_USDT, type SALE_LEVELS } from '@app/shared/constants';
import { linkFromMail, uniqueEmail } from './mail';
import { seededUsers } from './tokens';

/** Helpers for the wallet and market journeys: real accounts, real chain, real confirmations. */

type SaleLevel = (typeof SALE_LEVELS)[number];

export interface TestUser {
  id: number;
  token: string;
  email: string;
}

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

export async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** A fresh account made through the API, as the registration form would. */
export async function registerUser(request: APIRequestContext, prefix = 'buyer'): Promise<TestUser> {
  const email = uniqueEmail(prefix);
  const record = await ok<{ token: string; user: { id: number } }>(
    await request.post('/api/user/register', { data: { email, password: 'Secret12', locale: 'en' } }),
  );
  return { id: record.user.id, token: record.token, email };
}

export const getWallet = async (request: APIRequestContext, user: TestUser) =>
  ok<Wallet>(await request.get('/api/crypto/wallet', { headers: auth(user.token) }));

export const getMarket = async (request: APIRequestContext, user?: TestUser) =>
  ok<Market>(await request.get('/api/crypto/market', { headers: user ? auth(user.token) : {} }));

export const getTransactions = async (request: APIRequestContext, user: TestUser, query = '') =>
  ok<{ items: Transaction[]; total: number }>(
    await request.get(`/api/crypto/transaction?${query}`, { headers: auth(user.token) }),
  );

/** Test USDT (and a little BNB) from the development chain's faucet, as the wallet's button sends. */
export async function faucet(request: APIRequestContext, user: TestUser, amount = '1000') {
  return ok<{ usdtTxHash: string; bnbTxHash: string }>(
    await request.post('/api/crypto/dev/faucet', { headers: auth(user.token), data: { amount } }),
  );
}

/** Waits until the watcher has credited deposits up to `amount` of free USDT. */
export async function waitForAvailable(request: APIRequestContext, user: TestUser, amount: number, timeout = 60_000) {
  await expect
    .poll(async () => Number((await getWallet(request, user)).withdrawable), { timeout, intervals: [500, 1000] })
    .toBeGreaterThanOrEqual(amount);
}

/** A funded account: faucet, then the deposit confirmed and credited. */
export async function fundedUser(request: APIRequestContext, prefix: string, amount = 1000): Promise<TestUser> {
  const user = await registerUser(request, prefix);
  await faucet(request, user, String(amount));
  await waitForAvailable(request, user, amount);
  return user;
}

/**
 * A withdrawal to a new address waits (WITHDRAW_NEW_ADDRESS_HOURS) unless its mailed link confirms
 * it: this does what the link's page does on its button press (step-up.spec.ts walks the page).
 */
export async function confirmNewAddress(request: APIRequestContext, user: TestUser) {
  const link = await linkFromMail(user.email, '/confirm-address');
  return ok<{ address: string; released: number }>(
    await request.post('/api/crypto/wallet/withdraw/confirm-address', {
      data: { id: link.searchParams.get('id'), token: link.searchParams.get('token') },
    }),
  );
}

/** Admin: lists new tokens of a level (PUT /api/crypto/admin/supply). */
export async function supply(request: APIRequestContext, level: SaleLevel, count: number) {
  return ok<{ ids: number[] }>(
    await request.put('/api/crypto/admin/supply', { headers: auth(seededUsers().admin.token), data: { level, count } }),
  );
}

/** Buys through the API, as the dialog would (a fresh Idempotency-Key per purchase). */
export async function buy(request: APIRequestContext, user: TestUser, level: SaleLevel, nftId?: number) {
  return ok<Purchase>(
    await request.post('/api/crypto/nft/buy', {
      headers: { ...auth(user.token), 'idempotency-key': crypto.randomUUID() },
      data: { level, agreeTerms: true, ...(nftId && { nftId }) },
    }),
  );
}

/**
 * Gives the buyer the level's price in test USDT, then lists one token of the level and buys exactly
 * it, with the stock to itself in between: another journey's buyer cannot take it, and it cannot go
 * to another journey's queue (support/stock-lock.ts).
 */
export async function buyNewToken(request: APIRequestContext, user: TestUser, level: SaleLevel) {
  const price = NFT_PRICE_USDT[level];
  await faucet(request, user, String(price));
  await waitForAvailable(request, user, price);
  return withStock(async () => {
    const { ids } = await supply(request, level, 1);
    return buy(request, user, level, ids[0]);
  });
}

/**
 * Sells every listed token of a level to fresh buyers, so the level is sold out and the next buyer
 * queues. A reserved token leaves the stock at once; its purchase finishes on chain in the background.
 */
export async function sellOut(request: APIRequestContext, level: SaleLevel) {
  const stock = (await getMarket(request)).levels.find((l) => l.level === level)!.stock;
  const price = NFT_PRICE_USDT[level];
  const buyers: TestUser[] = [];
  for (let i = 0; i < stock; i++) {
    const buyer = await registerUser(request, 'sell-out');
    await faucet(request, buyer, String(price));
    buyers.push(buyer);
  }
  await Promise.all(buyers.map((buyer) => waitForAvailable(request, buyer, price)));
  for (const buyer of buyers) await buy(request, buyer, level);
  await expect.poll(async () => (await getMarket(request)).levels.find((l) => l.level === level)!.stock).toBe(0);
}

export async function waitForPurchase(
  request: APIRequestContext,
  user: TestUser,
  id: number,
  status: Purchase['status'],
  timeout = 60_000,
) {
  await expect
    .poll(
      async () =>
        (await ok<Purchase>(await request.get(`/api/crypto/nft/purchase/${id}`, { headers: auth(user.token) }))).status,
      {
        timeout,
        intervals: [500, 1000],
      },
    )
    .toBe(status);
}

/** Signs the page in as the user and picks the language before the app starts. */
export async function openAs(page: Page, user: TestUser, lang: 'en' | 'ru') {
  await page.addInitScript(
    ({ token, lang: language }) => {
      if (!sessionStorage.getItem('e2e-signed-in')) {
        localStorage.setItem('auth', JSON.stringify({ token }));
        localStorage.setItem('accessKey', token);
        localStorage.setItem('locale', language);
        localStorage.setItem('cookie-dialog-hidden', 'true');
        sessionStorage.setItem('e2e-signed-in', '1');
      }
    },
    { token: user.token, lang },
  );
}

/** Screenshots for the visual check at the page's current width: the whole page, or what a dialog shows. */
export async function shoot(page: Page, name: string, fullPage = true) {
  await reviewShot(page, name, { fullPage, fromTop: true });
}

/**
 * No serious or critical axe violation (the rules a11y.spec.ts applies to public pages) in the page's
 * main content and any open dialog: the screens these specs are about, not the shell around them.
 */
export async function expectAccessible(page: Page) {
  // A grid may start another load (a debounced filter, a refetch) after the wait below and while axe
  // reads the page: the check is tried again until the page has settled, so only a violation that
  // stays fails it.
  await expect(async () => {
    // A data grid between two loads shows a bare progress bar over rowless markup for a moment: the
    // page a person reads is the one after it.
    await expect(page.locator('main .MuiDataGrid-root .MuiLinearProgress-root')).toHaveCount(0);
    // A button that has just turned enabled fades its colours in for a quarter second; axe reading it
    // halfway measures a contrast nobody sees for long. Endless animations (spinners) are left be.
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
    );
    const axe = axeFor(page).include('main');
    if (await page.getByRole('dialog').count()) axe.include('[role="dialog"]');
    expect(seriousViolations(await axe.analyze())).toEqual([]);
  }).toPass({ timeout: 20_000 });
}
