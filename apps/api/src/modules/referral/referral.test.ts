import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DomainEventPayload, DomainEventType } from '@app/shared/domain-events';
import { referralListSchema, referralStatsSchema } from '@app/shared/schemas/referral';
import { formatPromocode } from '@app/shared/validation/rules';
import { createTestApp, type TestApp } from '../../../test/app';
import { until } from '../../../test/until';
import { call, person, type Person } from '../../../test/kits/cpa';
import {
  auditLog,
  deviceSightings,
  domainEvents,
  eventDeliveries,
  kycApplications,
  kycAttempts,
  ledgerEntries,
  nfts,
  referralClosure,
  referralFlags,
  referralPayouts,
  referralRewards,
  wallets,
  withdrawAddresses,
} from '../../db/schema';
import { publish } from '../../events/event-bus';
import { toWei } from '../../lib/wei';
import { mailboxOf } from './self-referral';

const ENV = { CLOCK_CONTROL: 'true', RATE_LIMIT_AUTH_MAX: '10000', RATE_LIMIT_MAX: '10000', REFERRAL_HOLD_HOURS: '72' };
const USDT = (n: string) => toWei(n).toString();

let t: TestApp;
let admin: Person;
let people = 0;

/** Registers through someone's promo code, as the registration form does with ?promocode=. */
async function under(referrer: Person | null, email?: string): Promise<Person> {
  const address = email ?? `ref-${++people}-${Date.now()}@example.com`;
  const registered = await t.app.inject({
    method: 'POST',
    url: '/api/user/register',
    payload: { email: address, password: 'Secret1', ...(referrer && { promocode: formatPromocode(referrer.id) }) },
  });
  if (registered.statusCode !== 200) throw new Error(registered.body);
  const { user, token } = registered.json() as { token: string; user: { id: number } };
  return { id: user.id, email: address, token };
}

const treeOf = async (userId: number) => {
  await t.services.events.relay();
  return (
    await t.database.db
      .select({ ancestorId: referralClosure.ancestorId, depth: referralClosure.depth })
      .from(referralClosure)
      .where(eq(referralClosure.descendantId, userId))
      .orderBy(referralClosure.depth)
  ).map((r) => `${r.depth}:${r.ancestorId}`);
};

/** Publishes an event and waits until the named referral handler has run for it. */
async function deliver<T extends DomainEventType>(type: T, payload: DomainEventPayload<T>, handler: string) {
  const id = await publish(t.database.db, type, payload);
  await ran(id, handler);
  return id;
}

async function ran(eventId: string, handler: string) {
  await until(
    async () => {
      await t.services.events.relay();
      const [row] = await t.database.db
        .select()
        .from(eventDeliveries)
        .where(and(eq(eventDeliveries.eventId, eventId), eq(eventDeliveries.handler, handler)));
      return row;
    },
    20_000,
    `${handler} to run`,
  );
}

/** The same event handed to its handler again, as a crash between the work and the job's completion would. */
async function redeliver(eventId: string, handler: string) {
  await t.database.db
    .delete(eventDeliveries)
    .where(and(eq(eventDeliveries.eventId, eventId), eq(eventDeliveries.handler, handler)));
  await t.services.jobs.send(`event.${handler}`, { eventId });
  await ran(eventId, handler);
}

const rewardsOf = async (sourceRef: string) =>
  (
    await t.database.db
      .select()
      .from(referralRewards)
      .where(eq(referralRewards.sourceRef, sourceRef))
      .orderBy(referralRewards.level)
  ).map((r) => ({ to: r.beneficiaryId, level: r.level, amount: r.amount, status: r.status, source: r.source }));

const ledgerSum = async (userId: number, account: 'reward_pending' | 'available' | 'platform_held') => {
  const [row] = await t.database.db
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.account, account)));
  return row!.sum;
};

let a: Person;
let b: Person;
let c: Person;
let d: Person;
let outsider: Person;

beforeAll(async () => {
  t = await createTestApp({ env: ENV });
  admin = await person(t, 'admin');
  // A brought B, B brought C, C brought D: D's upline is C (1), B (2), A (3).
  a = await under(null);
  b = await under(a);
  c = await under(b);
  d = await under(c);
  outsider = await under(null);
  await until(async () => (await treeOf(d.id)).length === 3, 20_000, "D's tree");
}, 60_000);
afterAll(() => t?.close());

describe('the tree', () => {
  it('is fixed at registration up to three levels', async () => {
    expect(await treeOf(d.id)).toEqual([`1:${c.id}`, `2:${b.id}`, `3:${a.id}`]);
    expect(await treeOf(c.id)).toEqual([`1:${b.id}`, `2:${a.id}`]);
    const deeper = await under(d);
    await until(async () => (await treeOf(deeper.id)).length === 3, 20_000, 'the fourth level');
    // A is four levels above: outside the tree that pays.
    expect(await treeOf(deeper.id)).toEqual([`1:${d.id}`, `2:${c.id}`, `3:${b.id}`]);
  });

  it('lists the caller’s referrals by depth and a member’s own, and refuses people outside the tree', async () => {
    const all = referralListSchema.parse((await call(t, 'GET', '/api/referral/list?limit=10', a.token)).json());
    expect(all.total).toBe(3);
    expect(all.items.map((r) => [r.id, r.depth, r.role])).toEqual([
      [b.id, 1, 'human'],
      [c.id, 2, 'human'],
      [d.id, 3, 'human'],
    ]);
    const second = (await call(t, 'GET', '/api/referral/list?depth=2', a.token)).json();
    expect(second.items.map((r: { id: number }) => r.id)).toEqual([c.id]);
    // Selecting B shows B's direct referrals, as A sees them (depth from A).
    const ofB = (await call(t, 'GET', `/api/referral/list/${b.id}`, a.token)).json();
    expect(
      ofB.items.map((r: { id: number; depth: number; referrals: number }) => [r.id, r.depth, r.referrals]),
    ).toEqual([[c.id, 2, 1]]);
    const paged = (await call(t, 'GET', '/api/referral/list?offset=1&limit=1', a.token)).json();
    expect(paged).toMatchObject({ total: 3, items: [{ id: c.id }] });

    expect((await call(t, 'GET', `/api/referral/list/${outsider.id}`, a.token)).statusCode).toBe(403);
    // Nobody reads upwards: D may not list A's referrals.
    expect((await call(t, 'GET', `/api/referral/list/${a.id}`, d.token)).statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/referral/list?limit=1000', a.token)).statusCode).toBe(400);
    expect((await call(t, 'GET', '/api/referral/list', undefined)).statusCode).toBe(401);
  });

  it('filters by role (a company makes a Business account), token level and name', async () => {
    await t.database.db.execute(
      sql`insert into companies (owner_id, name, category) values (${c.id}, ${`Cafe ${c.id}`}, 'food')`,
    );
    await t.database.db.execute(sql`update users set domain = ${`nick${d.id}`} where id = ${d.id}`);
    const business = (await call(t, 'GET', '/api/referral/list?role=business', a.token)).json();
    expect(business.items.map((r: { id: number; role: string }) => [r.id, r.role])).toEqual([[c.id, 'business']]);
    const human = (await call(t, 'GET', '/api/referral/list?role=human', a.token)).json();
    expect(human.items.map((r: { id: number }) => r.id)).toEqual([b.id, d.id]);
    const named = (await call(t, 'GET', `/api/referral/list?search=NICK${d.id}`, a.token)).json();
    expect(named.items).toMatchObject([{ id: d.id, username: `nick${d.id}` }]);
    await t.database.db.insert(nfts).values({ id: 900_001, type: 0, status: 'OWNED', ownerId: d.id });
    const silver = (await call(t, 'GET', '/api/referral/list?nft=SILVER', a.token)).json();
    expect(silver.items).toMatchObject([{ id: d.id, nfts: ['SILVER'] }]);
    expect((await call(t, 'GET', '/api/referral/list?nft=GOLD', a.token)).json().total).toBe(0);
  });

  it('lets only admins change a referrer, audit-logged, without touching the rest of the tree', async () => {
    const x = await under(outsider);
    const y = await under(x);
    await until(async () => (await treeOf(y.id)).length === 2, 20_000, "Y's tree");
    const body = { referrerId: a.id, reason: 'support ticket 17' };
    expect((await call(t, 'PUT', `/api/referral/referrer/${x.id}`, x.token, body)).statusCode).toBe(403);
    expect(
      (await call(t, 'PUT', `/api/referral/referrer/${x.id}`, admin.token, { ...body, reason: ' ' })).statusCode,
    ).toBe(400);
    // A cycle (X's own referral as X's referrer) is refused.
    const cycle = await call(t, 'PUT', `/api/referral/referrer/${x.id}`, admin.token, { ...body, referrerId: y.id });
    expect(cycle.json().code).toBe('REFERRER_CYCLE');
    const changed = await call(t, 'PUT', `/api/referral/referrer/${x.id}`, admin.token, body);
    expect(changed.statusCode).toBe(200);
    expect(await treeOf(x.id)).toEqual([`1:${a.id}`]);
    // Y's tree was fixed when Y registered.
    expect(await treeOf(y.id)).toEqual([`1:${x.id}`, `2:${outsider.id}`]);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'referral.referrer'), eq(auditLog.targetId, String(x.id))));
    expect(audit).toMatchObject({
      actorId: admin.id,
      before: { referrerId: outsider.id },
      after: { referrerId: a.id },
      reason: 'support ticket 17',
    });
  });
});

describe('rewards', () => {
  it('business purchases pay 10/5/2% of the price once, however often the event is delivered', async () => {
    const eventId = await deliver(
      'purchase.completed',
      { userId: d.id, purchaseId: 70_001, nftId: 1, level: 0, price: USDT('100'), fromSupply: true },
      'referral-business-purchase',
    );
    await redeliver(eventId, 'referral-business-purchase');
    expect(await rewardsOf('purchase:70001')).toEqual([
      { to: c.id, level: 1, amount: USDT('10'), status: 'pending', source: 'business_purchase' },
      { to: b.id, level: 2, amount: USDT('5'), status: 'pending', source: 'business_purchase' },
      { to: a.id, level: 3, amount: USDT('2'), status: 'pending', source: 'business_purchase' },
    ]);
    expect(await ledgerSum(c.id, 'reward_pending')).toBe(USDT('10'));
    // A minted token's sale is no business purchase.
    await deliver(
      'purchase.completed',
      { userId: d.id, purchaseId: 70_002, nftId: 2, level: 0, price: USDT('100'), fromSupply: false },
      'referral-business-purchase',
    );
    expect(await rewardsOf('purchase:70002')).toEqual([]);

    const promotion = await deliver(
      'promotion.purchased',
      { userId: d.id, companyId: 1, promotionId: 31, days: 7, price: USDT('20') },
      'referral-business-promotion',
    );
    await redeliver(promotion, 'referral-business-promotion');
    expect((await rewardsOf('promotion:31')).map((r) => [r.to, r.amount])).toEqual([
      [c.id, USDT('2')],
      [b.id, USDT('1')],
      [a.id, USDT('0.4')],
    ]);
  });

  it('paid meetings pay each parent’s upline 10/5/2% of the platform’s 20% share', async () => {
    const eventId = await deliver(
      'token.sold',
      {
        nftId: 77,
        level: 1,
        price: USDT('1000'),
        buyerId: outsider.id,
        parent1Id: d.id,
        parent2Id: outsider.id,
        purchaseId: 80_001,
      },
      'referral-paid-meeting',
    );
    await redeliver(eventId, 'referral-paid-meeting');
    // The share is 200 USDT; the outsider has no upline.
    expect((await rewardsOf('purchase:80001')).map((r) => [r.to, r.amount, r.source])).toEqual([
      [c.id, USDT('20'), 'paid_meeting'],
      [b.id, USDT('10'), 'paid_meeting'],
      [a.id, USDT('4'), 'paid_meeting'],
    ]);
  });

  it('basic meetings of a referral holding a token pay a fixed amount once per pair per day', async () => {
    // D holds a token (the filter test gave D a Silver one).
    const first = await deliver(
      'meeting.confirmed',
      { meetingId: 601, userAId: d.id, userBId: outsider.id },
      'referral-basic-meeting',
    );
    await redeliver(first, 'referral-basic-meeting');
    expect((await rewardsOf('meeting:601')).map((r) => [r.to, r.amount])).toEqual([
      [c.id, USDT('0.5')],
      [b.id, USDT('0.25')],
      [a.id, USDT('0.1')],
    ]);
    // The same pair again that day: nothing more.
    await deliver(
      'meeting.confirmed',
      { meetingId: 602, userAId: outsider.id, userBId: d.id },
      'referral-basic-meeting',
    );
    expect(await rewardsOf('meeting:602')).toEqual([]);
    // A referrer meeting their own referral (here two levels apart) earns nothing from it.
    await deliver('meeting.confirmed', { meetingId: 603, userAId: d.id, userBId: b.id }, 'referral-basic-meeting');
    expect(await rewardsOf('meeting:603')).toEqual([]);
    // A referral holding no token pays nothing.
    const tokenless = await under(c);
    await deliver(
      'meeting.confirmed',
      { meetingId: 604, userAId: tokenless.id, userBId: outsider.id },
      'referral-basic-meeting',
    );
    expect(await rewardsOf('meeting:604')).toEqual([]);
  });

  it('holds rewards for REFERRAL_HOLD_HOURS, then releases them to the treasury’s payout', async () => {
    expect(await t.services.referral.releaseDue()).toBe(0);
    const pendingBefore = BigInt(await ledgerSum(c.id, 'reward_pending'));
    expect(pendingBefore).toBe(toWei('10') + toWei('2') + toWei('20') + toWei('0.5'));
    t.services.clock.advance(73 * 3_600_000);
    const released = await t.services.referral.releaseDue();
    expect(released).toBe(12);
    expect(await ledgerSum(c.id, 'reward_pending')).toBe('0');
    expect((await rewardsOf('purchase:70001')).map((r) => r.status)).toEqual(['available', 'available', 'available']);
    const payouts = await t.database.db
      .select({ payload: domainEvents.payload })
      .from(domainEvents)
      .where(and(eq(domainEvents.type, 'payout.requested'), sql`${domainEvents.payload}->>'userId' = ${String(c.id)}`));
    // One transfer for all of C's due rewards: 10 + 2 + 20 + 0.5 USDT.
    expect(payouts.map((p) => p.payload)).toEqual([
      expect.objectContaining({ purpose: 'referral', amount: pendingBefore.toString() }),
    ]);
    expect(await t.services.referral.releaseDue()).toBe(0);

    // The treasury could not send it: the rewards are held again, and a later sweep pays them anew.
    const [first] = await t.database.db.select().from(referralPayouts).where(eq(referralPayouts.beneficiaryId, c.id));
    const failed = await deliver(
      'payout.settled',
      { userId: c.id, purpose: 'referral', refId: first!.id, outcome: 'failed' },
      'referral-payout-settled',
    );
    await redeliver(failed, 'referral-payout-settled');
    expect(await ledgerSum(c.id, 'reward_pending')).toBe(pendingBefore.toString());
    expect((await rewardsOf('purchase:70001')).map((r) => r.status)).toEqual(['pending', 'available', 'available']);
    expect(await t.services.referral.releaseDue()).toBe(0);
    t.services.clock.advance(61 * 60_000);
    expect(await t.services.referral.releaseDue()).toBe(4);
    const payouts2 = await t.database.db
      .select()
      .from(referralPayouts)
      .where(eq(referralPayouts.beneficiaryId, c.id))
      .orderBy(referralPayouts.id);
    expect(payouts2.map((p) => [p.status, p.amount])).toEqual([
      ['failed', pendingBefore.toString()],
      ['requested', pendingBefore.toString()],
    ]);
    await deliver(
      'payout.settled',
      { userId: c.id, purpose: 'referral', refId: payouts2[1]!.id, outcome: 'paid' },
      'referral-payout-settled',
    );
    const [paid] = await t.database.db.select().from(referralPayouts).where(eq(referralPayouts.id, payouts2[1]!.id));
    expect(paid!.status).toBe('paid');
    expect(await ledgerSum(c.id, 'reward_pending')).toBe('0');
  });

  it('a refund reverses held rewards and claws back paid ones with a negative row', async () => {
    // A pays out to C's wallet as the treasury's transfer would (the deposit watcher credits it).
    await t.database.db
      .insert(wallets)
      .values({ userId: c.id, address: `0x${'c'.repeat(40)}` })
      .onConflictDoNothing();
    await t.database.db.insert(ledgerEntries).values([
      { userId: c.id, account: 'available', amount: USDT('10'), memo: 'payout from the treasury' },
      { account: 'external', amount: `-${USDT('10')}`, memo: 'payout from the treasury' },
    ]);
    await deliver(
      'purchase.refunded',
      { userId: d.id, purchaseId: 70_001, level: 0, price: USDT('100'), reason: 'failed' },
      'referral-purchase-refund',
    );
    const clawed = await rewardsOf('purchase:70001');
    expect(clawed.map((r) => r.status)).toEqual(['clawed_back', 'clawed_back', 'clawed_back']);
    expect(await ledgerSum(c.id, 'available')).toBe('0');
    const [row] = await t.database.db
      .select({ amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, c.id), eq(ledgerEntries.account, 'available'), sql`amount < 0`));
    expect(row!.amount).toBe(`-${USDT('10')}`);
    // The 10 USDT are still at C's address, now the platform's: the address reconciles with the books.
    expect(await ledgerSum(c.id, 'platform_held')).toBe(USDT('10'));
    // B had received nothing on the chain yet: what could not be taken back is recorded.
    const [ofB] = await t.database.db
      .select({ unrecovered: referralRewards.unrecovered })
      .from(referralRewards)
      .where(and(eq(referralRewards.sourceRef, 'purchase:70001'), eq(referralRewards.beneficiaryId, b.id)));
    expect(ofB!.unrecovered).toBe(USDT('5'));

    // A held one is reversed: the money goes back and nothing is left pending.
    await deliver(
      'promotion.purchased',
      { userId: d.id, companyId: 1, promotionId: 32, days: 30, price: USDT('60') },
      'referral-business-promotion',
    );
    expect(await ledgerSum(c.id, 'reward_pending')).toBe(USDT('6'));
    await deliver(
      'promotion.refunded',
      { userId: d.id, companyId: 1, promotionId: 32, price: USDT('60') },
      'referral-promotion-refund',
    );
    expect((await rewardsOf('promotion:32')).map((r) => r.status)).toEqual(['reversed', 'reversed', 'reversed']);
    expect(await ledgerSum(c.id, 'reward_pending')).toBe('0');
    // The screen's rollup agrees with the rewards themselves, status by status.
    const rollup = await t.database.db.execute(sql`
      select r.beneficiary_id, r.status, sum(r.amount)::text as rewards,
        (select coalesce(sum(d.amount), 0)::text from referral_income_days d
          where d.beneficiary_id = r.beneficiary_id and d.status = r.status) as rolled
      from referral_rewards r group by 1, 2`);
    const rows = (rollup as unknown as { rows: { rewards: string; rolled: string }[] }).rows;
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.rolled).toBe(row.rewards);
  });
});

describe('self-referral', () => {
  it('treats one mailbox without dots and plus-tags as one person', () => {
    expect(mailboxOf('John.Doe+ref@Example.com')).toBe('johndoe@example.com');
  });

  it('pays nothing for a shared mailbox, device, KYC document or wallet address, and lists the cases for admins', async () => {
    const host = await under(null, `self.${Date.now()}@example.com`);
    const byMail = await under(host, host.email.replace('self.', 'self').replace('@', '+alt@'));
    const byDevice = await under(host);
    const byDocument = await under(host);
    const byAddress = await under(host);
    const fair = await under(host);
    await until(async () => (await treeOf(fair.id)).length === 1, 20_000, 'the tree');
    await t.database.db.insert(deviceSightings).values([
      { fingerprint: 'fp-shared-device-1', userId: host.id },
      { fingerprint: 'fp-shared-device-1', userId: byDevice.id },
    ]);
    // Two photos of one card hash a couple of bits apart; another person's card is far away.
    for (const [userId, documentHash] of [
      [host.id, 'a1b2c3d4e5f60718'],
      [byDocument.id, 'a1b2c3d4e5f6071b'],
      [fair.id, '5e4d3c2b1a09f8e7'],
    ] as const) {
      const [application] = await t.database.db
        .insert(kycApplications)
        .values({ userId, requestedType: 1, documentHash })
        .returning();
      await t.database.db
        .insert(kycAttempts)
        .values({ applicationId: application!.id, number: 1, status: 'requested', documentHash });
    }
    await t.database.db.insert(withdrawAddresses).values([
      { userId: host.id, address: `0x${'ab'.repeat(20)}` },
      { userId: byAddress.id, address: `0x${'ab'.repeat(20)}` },
    ]);
    const suspects = [byMail, byDevice, byDocument, byAddress, fair];
    for (const [i, who] of suspects.entries())
      await deliver(
        'purchase.completed',
        { userId: who.id, purchaseId: 90_000 + i, nftId: 1, level: 0, price: USDT('100'), fromSupply: true },
        'referral-business-purchase',
      );
    const paid = await t.database.db
      .select({ referralId: referralRewards.referralId })
      .from(referralRewards)
      .where(eq(referralRewards.beneficiaryId, host.id));
    expect(paid.map((r) => r.referralId)).toEqual([fair.id]);
    const flags = await t.database.db
      .select({ referralId: referralFlags.referralId, reason: referralFlags.reason })
      .from(referralFlags)
      .where(
        inArray(
          referralFlags.referralId,
          suspects.map((s) => s.id),
        ),
      );
    expect(Object.fromEntries(flags.map((f) => [f.referralId, f.reason]))).toEqual({
      [byMail.id]: 'email',
      [byDevice.id]: 'device',
      [byDocument.id]: 'kyc_document',
      [byAddress.id]: 'wallet_address',
    });
    expect([401, 403]).toContain((await call(t, 'GET', '/api/referral/flags', host.token)).statusCode);
    const listed = (await call(t, 'GET', '/api/referral/flags?limit=100', admin.token)).json();
    expect(listed.items.filter((f: { beneficiaryId: number }) => f.beneficiaryId === host.id)).toHaveLength(4);
  });
});

describe('the screen', () => {
  it('shows income by source, hits, registrations and conversion for the period, and the rewards list', async () => {
    const host = await under(null);
    const visit = await call(t, 'GET', `/api/referral/track/${formatPromocode(host.id)}`, undefined);
    expect(visit.json()).toEqual({ valid: true, counted: true });
    const guest = await under(host);
    await deliver(
      'purchase.completed',
      { userId: guest.id, purchaseId: 95_001, nftId: 1, level: 0, price: USDT('100'), fromSupply: true },
      'referral-business-purchase',
    );
    const stats = referralStatsSchema.parse((await call(t, 'GET', '/api/referral/stats?period=7d', host.token)).json());
    expect(stats).toMatchObject({
      promocode: formatPromocode(host.id),
      incomeTotal: '10',
      incomeMonth: '10',
      pending: '10',
      available: '0',
      activeReferrals: 1,
      totalAttracted: 1,
      income: '10',
      bySource: { basic_meeting: '0', paid_meeting: '0', business_purchase: '10' },
      hits: 1,
      registrations: 1,
      conversion: 100,
    });
    expect(stats.daily).toHaveLength(7);
    expect(stats.daily.reduce((n, day) => n + day.registrations, 0)).toBe(1);
    expect(stats.daily.map((day) => day.income).filter((income) => income !== '0')).toEqual(['10']);
    expect(stats.top).toHaveLength(1);
    expect(stats.top[0]!.name).toMatch(/^\S\*\*\*/);
    expect((await call(t, 'GET', '/api/referral/stats?period=month', host.token)).json().daily).toHaveLength(30);
    expect((await call(t, 'GET', '/api/referral/stats?period=year', host.token)).statusCode).toBe(400);

    const rewards = (
      await call(t, 'GET', '/api/referral/rewards?source=business_purchase&status=pending', host.token)
    ).json();
    expect(rewards).toMatchObject({ total: 1, items: [{ amount: '10', level: 1, status: 'pending' }] });
    expect((await call(t, 'GET', '/api/referral/rewards?source=paid_meeting', host.token)).json().total).toBe(0);
    // Everyone of A's three levels is attracted.
    const ofA = referralStatsSchema.parse((await call(t, 'GET', '/api/referral/stats?period=month', a.token)).json());
    expect(ofA.totalAttracted).toBe((await call(t, 'GET', '/api/referral/list', a.token)).json().total);
  });
});
