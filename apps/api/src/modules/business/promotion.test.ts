import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like, sql } from 'drizzle-orm';
import { parseEther, type Address } from 'viem';
import type { MyCompany, PromotedList, Promotion } from '@app/shared/schemas/business';
import type { TransactionList, TransactionStatus } from '@app/shared/schemas/crypto';
import { createTestApp, type TestApp } from '../../../test/app';
import { startTestChain, type TestChain } from '../../../test/chain';
import { walletKit } from '../../../test/kits/wallet';
import { businessPromotions, domainEvents, ledgerEntries } from '../../db/schema';
import { silentEvents, withdrawalsClosed } from '../crypto/context';
import { reconcile } from '../crypto/reconciliation';

/**
 * A company's promoted pin against the real wallet: paid once per idempotency key however many
 * requests race, refused without money (changing nothing), double-entry rows, the event once, the
 * map listing only what runs now, and a removal that ends the running pin and refunds the next.
 */
let chain: TestChain;
let t: TestApp;
const kit = walletKit(() => ({ t, chain }));
const DAY = 86_400_000;
const BERLIN = { lat: 52.52, lng: 13.405 };

beforeAll(async () => {
  chain = await startTestChain();
  t = await createTestApp({
    chain: chain.gateway,
    env: { CLOCK_CONTROL: 'true', RATE_LIMIT_AUTH_MAX: '10000', RATE_LIMIT_MAX: '100000' },
  });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await chain?.stop();
});

type Person = Awaited<ReturnType<typeof kit.userWithToken>>;

async function deposit(who: Person, amount: number) {
  const { address } = await kit.wallet(who.headers);
  await chain.mintUsdt(address as Address, parseEther(String(amount)));
  await kit.settle(chain.gateway.confirmations + 2);
}

async function business(who: Person, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, key?: string) {
  const res = await t.app.inject({
    method,
    url: `/api/business${url}`,
    headers: { ...who.headers, ...(key && { 'idempotency-key': key }) },
    ...(payload && { payload }),
  });
  return { status: res.statusCode, body: res.body ? res.json() : null };
}

async function withCompany(place: object | null = BERLIN): Promise<Person> {
  const who = await kit.userWithToken();
  const added = await business(who, 'POST', '/company', {
    name: `Promoted ${who.id}`,
    category: 'bar',
    website: 'https://bar.example.org',
    place,
  });
  expect(added.status).toBe(200);
  return who;
}

const available = async (who: Person) => (await kit.wallet(who.headers)).withdrawable;
const buy = (who: Person, days: number, key: string) => business(who, 'POST', '/promotion', { days }, key);
const promotionsOf = (who: Person) =>
  t.database.db.select().from(businessPromotions).where(eq(businessPromotions.userId, who.id));
const eventsOf = async (type: string, promotionId: number) =>
  (
    await t.database.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.type, type), sql`${domainEvents.payload}->>'promotionId' = ${String(promotionId)}`))
  ).map((e) => e.payload);
const ledgerOf = (promotionId: number) =>
  t.database.db
    .select()
    .from(ledgerEntries)
    .where(like(ledgerEntries.memo, `business promotion ${promotionId}%`));
/** The person's wallet history as GET /api/crypto/transaction answers it. */
async function history(who: Person, filter: { type?: 'PROMOTION'; status?: TransactionStatus } = {}) {
  const res = await kit.call<TransactionList>(
    'GET',
    `/transaction?${new URLSearchParams({ limit: '100', ...filter })}`,
    who.headers,
  );
  expect(res.status).toBe(200);
  return res.body;
}
const pinsNear = async (at: { lat: number; lng: number }, radius = 5000) =>
  (
    await t.app.inject({ url: `/api/business/promoted?lat=${at.lat}&lng=${at.lng}&radius=${radius}` })
  ).json() as PromotedList;

describe('buying a promoted pin', () => {
  it('pays once for ten requests racing with one key, with rows summing to zero and one event', async () => {
    const owner = await withCompany();
    await deposit(owner, 50);
    const offer = await business(owner, 'GET', '/promotion/offer');
    expect(offer.body).toEqual({
      prices: [
        { days: 7, price: '20' },
        { days: 30, price: '60' },
      ],
      available: '50',
    });

    const answers = await Promise.all(Array.from({ length: 10 }, () => buy(owner, 7, 'promo-race-key-1')));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const ids = new Set(answers.map((a) => (a.body as Promotion).id));
    expect(ids.size).toBe(1);
    const [promotion] = answers.map((a) => a.body as Promotion);
    expect(promotion).toMatchObject({ days: 7, price: '20', status: 'active' });
    expect(Date.parse(promotion!.endsAt) - Date.parse(promotion!.startsAt)).toBe(7 * DAY);

    expect(await promotionsOf(owner)).toHaveLength(1);
    expect(await available(owner)).toBe('30');
    expect((await history(owner, { type: 'PROMOTION' })).items.map((tx) => tx.promotion?.id)).toEqual([promotion!.id]);
    // The USDT stays at the deposit address as the platform's: the books and the chain still agree.
    const { differences } = await reconcile({
      db: t.database.db,
      chain: chain.gateway,
      events: silentEvents,
      withdrawals: withdrawalsClosed,
      bnbPriceUsd: 600,
      wake() {},
    });
    expect(differences.filter((d) => d.subject === `user:${owner.id}`)).toEqual([]);
    const rows = await ledgerOf(promotion!.id);
    expect(rows.map((r) => [r.account, r.userId, r.amount]).sort()).toEqual(
      [
        ['available', owner.id, (-20n * 10n ** 18n).toString()],
        ['platform_held', owner.id, (20n * 10n ** 18n).toString()],
      ].sort(),
    );
    expect(rows.reduce((sum, r) => sum + BigInt(r.amount), 0n)).toBe(0n);
    expect(await eventsOf('promotion.purchased', promotion!.id)).toEqual([
      {
        userId: owner.id,
        companyId: expect.any(Number),
        promotionId: promotion!.id,
        days: 7,
        price: '20000000000000000000',
      },
    ]);

    // The key again is the same purchase; with another body it is refused.
    expect((await buy(owner, 7, 'promo-race-key-1')).body).toEqual(promotion);
    expect((await buy(owner, 30, 'promo-race-key-1')).body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await buy(owner, 7, '')).body.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect(await available(owner)).toBe('30');
  });

  it('pays for two keys only while the balance allows; a refused payment changes nothing', async () => {
    const owner = await withCompany({ lat: 48.8566, lng: 2.3522 });
    await deposit(owner, 30);
    const [a, b] = await Promise.all([buy(owner, 7, 'promo-two-keys-a'), buy(owner, 7, 'promo-two-keys-b')]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    expect([a.body.code, b.body.code]).toContain('INSUFFICIENT_FUNDS');
    expect(await promotionsOf(owner)).toHaveLength(1);
    expect(await available(owner)).toBe('10');
    const events = await t.database.db
      .select()
      .from(domainEvents)
      .where(
        and(
          eq(domainEvents.type, 'promotion.purchased'),
          sql`${domainEvents.payload}->>'userId' = ${String(owner.id)}`,
        ),
      );
    expect(events).toHaveLength(1);

    const refused = await buy(owner, 30, 'promo-two-keys-c');
    expect(refused).toMatchObject({ status: 400, body: { code: 'INSUFFICIENT_FUNDS' } });
    expect(await promotionsOf(owner)).toHaveLength(1);
    expect(await available(owner)).toBe('10');

    await deposit(owner, 60);
    const stacked = await buy(owner, 30, 'promo-two-keys-d');
    expect(stacked.body).toMatchObject({ status: 'scheduled', days: 30 });
    expect(await available(owner)).toBe('10');
  });

  it('needs a company with a place', async () => {
    const nobody = await kit.userWithToken();
    expect((await buy(nobody, 7, 'promo-no-company')).body.code).toBe('COMPANY_NOT_FOUND');
    const placeless = await withCompany(null);
    await deposit(placeless, 20);
    expect((await buy(placeless, 7, 'promo-no-place')).body.code).toBe('COMPANY_PLACE_REQUIRED');
    expect(await available(placeless)).toBe('20');
  });
});

describe('promoted pins on the map and a company’s removal', () => {
  it('lists only what runs now near the point; a removal ends the running pin and refunds the waiting one', async () => {
    const at = { lat: 40.4168, lng: -3.7038 };
    const owner = await withCompany(at);
    await deposit(owner, 80);
    const running = (await buy(owner, 7, 'promo-map-1')).body as Promotion;
    const waiting = (await buy(owner, 30, 'promo-map-2')).body as Promotion;
    expect(waiting.startsAt).toBe(running.endsAt);

    const near = await pinsNear({ lat: at.lat + 0.01, lng: at.lng });
    expect(near.items.map((p) => p.promotionId)).toEqual([running.id]);
    expect(near.items[0]!.company).toMatchObject({ name: `Promoted ${owner.id}`, category: 'bar', place: at });
    expect((await pinsNear({ lat: at.lat + 1, lng: at.lng })).items).toEqual([]);

    // A week later the first has ended and the second runs.
    t.services.clock.advance(7 * DAY + 1000);
    expect((await pinsNear(at)).items.map((p) => p.promotionId)).toEqual([waiting.id]);
    const mine = (await business(owner, 'GET', '/company')).body as MyCompany;
    expect(mine.promotions.map((p) => [p.id, p.status])).toEqual([
      [waiting.id, 'active'],
      [running.id, 'ended'],
    ]);

    // A new one waits behind the running one; the removal ends the running one and refunds it.
    await deposit(owner, 20);
    const next = (await buy(owner, 7, 'promo-map-3')).body as Promotion;
    expect(next.status).toBe('scheduled');
    expect(await available(owner)).toBe('0');
    expect((await business(owner, 'DELETE', '/company')).status).toBe(204);
    expect((await pinsNear(at)).items).toEqual([]);
    expect(await available(owner)).toBe('20');
    const rows = await promotionsOf(owner);
    expect(rows.map((r) => [r.id, r.endedAt !== null, r.refundedAt !== null]).sort()).toEqual(
      [
        [running.id, false, false],
        [waiting.id, true, false],
        [next.id, true, true],
      ].sort(),
    );
    expect(await eventsOf('promotion.refunded', next.id)).toEqual([
      { userId: owner.id, companyId: expect.any(Number), promotionId: next.id, price: '20000000000000000000' },
    ]);
    expect(await eventsOf('promotion.refunded', waiting.id)).toEqual([]);
    const refundRows = await ledgerOf(next.id);
    expect(refundRows.reduce((sum, r) => sum + BigInt(r.amount), 0n)).toBe(0n);
    expect(refundRows).toHaveLength(4);
  });
});

describe('a promotion in the wallet history', () => {
  it('is one PROMOTION line per purchase however the request is repeated, and a refund marks it CANCELED', async () => {
    const owner = await withCompany({ lat: 59.9343, lng: 30.3351 });
    await deposit(owner, 40);
    // Two identical requests at once, then the same one again: one purchase, one line.
    const [a, b] = await Promise.all([buy(owner, 7, 'promo-history-1'), buy(owner, 7, 'promo-history-1')]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const running = a.body as Promotion;
    expect(b.body).toEqual(running);
    expect((await buy(owner, 7, 'promo-history-1')).body).toEqual(running);
    // One bought ahead waits behind it: the removal below refunds it.
    const ahead = (await buy(owner, 7, 'promo-history-2')).body as Promotion;
    expect(ahead.status).toBe('scheduled');
    expect(await available(owner)).toBe('0');

    const line = (promotion: Promotion, status: TransactionStatus) =>
      expect.objectContaining({
        type: 'PROMOTION',
        status,
        currency: 'USDT',
        amount: '20',
        txHash: null,
        counterparty: null,
        promotion: { id: promotion.id, companyName: `Promoted ${owner.id}`, days: 7 },
      });
    const paid = await history(owner, { type: 'PROMOTION' });
    expect(paid).toEqual({ items: [line(ahead, 'CONFIRMED'), line(running, 'CONFIRMED')], total: 2 });
    expect((await history(owner)).items.map((tx) => tx.type)).toEqual(['PROMOTION', 'PROMOTION', 'INPUT']);
    // The payment's ledger rows point at its line.
    const [aheadLine, runningLine] = paid.items;
    const rowsOf = (transactionId: number) =>
      t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, transactionId));
    expect((await rowsOf(runningLine!.id)).map((r) => r.memo)).toEqual(
      Array(2).fill(`business promotion ${running.id}`),
    );

    // The company's removal refunds the one not started: its line is CANCELED, the running one stays paid.
    expect((await business(owner, 'DELETE', '/company')).status).toBe(204);
    expect(await available(owner)).toBe('20');
    expect(await history(owner, { type: 'PROMOTION' })).toEqual({
      items: [line(ahead, 'CANCELED'), line(running, 'CONFIRMED')],
      total: 2,
    });
    expect((await history(owner, { type: 'PROMOTION', status: 'CANCELED' })).items.map((tx) => tx.id)).toEqual([
      aheadLine!.id,
    ]);
    const refunded = await rowsOf(aheadLine!.id);
    expect(refunded).toHaveLength(4);
    expect(refunded.reduce((sum, r) => sum + BigInt(r.amount), 0n)).toBe(0n);
    // The whole ledger still sums to zero.
    const [total] = await t.database.db
      .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
      .from(ledgerEntries);
    expect(total!.sum).toBe('0');
  });
});
