import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { cpaRewardsSchema, cpaSettingsSchema, cpaStatsSchema } from '@app/shared/schemas/cpa-programme';
import { createTestApp, type TestApp } from '../../../test/app';
import { until } from '../../../test/until';
import { approvedPartner, call, conversionsOf, person, visitAndRegister, type Person } from '../../../test/kits/cpa';
import {
  auditLog,
  cpaAttributions,
  cpaConversions,
  cpaHits,
  deviceSightings,
  domainEvents,
  eventDeliveries,
  users,
} from '../../db/schema';
import { publish } from '../../events/event-bus';

const ENV = { RATE_LIMIT_AUTH_MAX: '10000', RATE_LIMIT_MAX: '10000', CPA_CLUSTER_MAX: '2' };
/** Long enough after the click not to be too fast (CPA_MIN_CLICK_SECONDS is 15). */
const HUMAN = 120;

let t: TestApp;
let admin: Person;
beforeAll(async () => {
  t = await createTestApp({ env: ENV });
  admin = await person(t, 'admin');
}, 60_000);
afterAll(() => t?.close());

const settings = (payouts = { purchase: '5', first_meet: '1', fill_profile: '0.2' }, holdHours = 72) =>
  call(t, 'PUT', '/api/cpa/settings', admin.token, { payouts, windowHours: 720, holdHours });

describe('partners apply and admins decide', () => {
  it('a person applies, sees the application, and an admin approves it (audit-logged)', async () => {
    const someone = await person(t);
    expect((await call(t, 'GET', '/api/cpa/partner', someone.token)).json()).toMatchObject({ status: 'none' });
    const empty = await call(t, 'POST', '/api/cpa/partner', someone.token, { trafficSources: ' ', contact: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('VALIDATION_ERROR');

    const applied = await call(t, 'POST', '/api/cpa/partner', someone.token, {
      trafficSources: 'YouTube reviews',
      contact: 'me@example.com',
    });
    expect(applied.json()).toMatchObject({ status: 'applied', trafficSources: 'YouTube reviews', secret: null });
    const twice = await call(t, 'POST', '/api/cpa/partner', someone.token, { trafficSources: 'x', contact: 'y' });
    expect(twice.json().code).toBe('CPA_ALREADY_APPLIED');
    // Rewards are for approved partners only.
    expect((await call(t, 'GET', '/api/cpa/rewards', someone.token)).json().code).toBe('CPA_NOT_PARTNER');

    // Only admins list and decide.
    expect((await call(t, 'GET', '/api/cpa/partners', someone.token)).statusCode).toBe(403);
    expect(
      (await call(t, 'POST', `/api/cpa/partners/${someone.id}/decision`, someone.token, { decision: 'approve' }))
        .statusCode,
    ).toBe(403);
    const listed = (await call(t, 'GET', '/api/cpa/partners?status=applied', admin.token)).json();
    expect(listed.partners.find((p: { userId: number }) => p.userId === someone.id)).toMatchObject({
      status: 'applied',
      contact: 'me@example.com',
      hits: 0,
      regs: 0,
    });

    expect(
      (
        await call(t, 'POST', `/api/cpa/partners/${someone.id}/decision`, admin.token, {
          decision: 'reject',
          reason: '',
        })
      ).statusCode,
    ).toBe(400);
    await call(t, 'POST', `/api/cpa/partners/${someone.id}/decision`, admin.token, { decision: 'approve' });
    const state = (await call(t, 'GET', '/api/cpa/partner', someone.token)).json();
    expect(state.status).toBe('approved');
    expect(state.secret).toMatch(/^whsec_/);
    const [flag] = await t.database.db
      .select({ isPartner: users.isPartner })
      .from(users)
      .where(eq(users.id, someone.id));
    expect(flag!.isPartner).toBe(true);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'cpa.partner.approve'), eq(auditLog.targetId, String(someone.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorId).toBe(admin.id);

    // Rotation: a new secret, the previous one signs for a day more.
    const rotated = (await call(t, 'POST', '/api/cpa/partner/secret', someone.token)).json();
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(state.secret);
    expect(new Date(rotated.previousSecretUntil).getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
  });

  it('a rejected person reads the reason and may apply again', async () => {
    const someone = await person(t);
    await call(t, 'POST', '/api/cpa/partner', someone.token, { trafficSources: 'Spam', contact: 'x' });
    await call(t, 'POST', `/api/cpa/partners/${someone.id}/decision`, admin.token, {
      decision: 'reject',
      reason: 'No traffic sources we accept',
    });
    expect((await call(t, 'GET', '/api/cpa/partner', someone.token)).json()).toMatchObject({
      status: 'rejected',
      rejectReason: 'No traffic sources we accept',
    });
    const again = await call(t, 'POST', '/api/cpa/partner', someone.token, { trafficSources: 'Blog', contact: 'x' });
    expect(again.json()).toMatchObject({ status: 'applied', rejectReason: null });
  });

  it("an admin reads a partner's links and withdraws the approval with a reason, logged as a revocation", async () => {
    const { partner, link } = await approvedPartner(t, admin);
    const other = await person(t);
    expect((await call(t, 'GET', `/api/cpa/links?userId=${partner.id}`, other.token)).json().code).toBe('FORBIDDEN');
    const links = (await call(t, 'GET', `/api/cpa/links?userId=${partner.id}`, admin.token)).json().links;
    expect(links.map((l: { id: number }) => l.id)).toEqual([link.id]);

    const revoked = await call(t, 'POST', `/api/cpa/partners/${partner.id}/decision`, admin.token, {
      decision: 'reject',
      reason: 'Incentivised traffic',
    });
    expect(revoked.statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/cpa/partner', partner.token)).json()).toMatchObject({
      status: 'rejected',
      rejectReason: 'Incentivised traffic',
      secret: null,
    });
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'cpa.partner.revoke'), eq(auditLog.targetId, String(partner.id))));
    expect(row).toMatchObject({
      actorId: admin.id,
      actorRole: 'admin',
      before: { status: 'approved' },
      after: { status: 'rejected' },
      reason: 'Incentivised traffic',
    });
    expect(row!.requestId).toBeTruthy();
    const [flag] = await t.database.db
      .select({ isPartner: users.isPartner })
      .from(users)
      .where(eq(users.id, partner.id));
    expect(flag!.isPartner).toBe(false);
  });
});

describe('settings', () => {
  it('are read by anyone signed in and changed by admins only, with bad input refused and nothing changed', async () => {
    const someone = await person(t);
    const before = cpaSettingsSchema.parse((await call(t, 'GET', '/api/cpa/settings', someone.token)).json());
    expect(before.windowHours).toBe(720);
    // Public: the cabinet shows the payouts before sign-in.
    expect((await call(t, 'GET', '/api/cpa/settings')).json()).toEqual(before);
    expect(before.currency).toBe('USDT');

    const forbidden = await call(t, 'PUT', '/api/cpa/settings', someone.token, {
      payouts: { purchase: '9', first_meet: '9', fill_profile: '9' },
      windowHours: 720,
      holdHours: 0,
    });
    expect(forbidden.statusCode).toBe(403);
    const bad = await call(t, 'PUT', '/api/cpa/settings', admin.token, {
      payouts: { purchase: '-1', first_meet: 'abc', fill_profile: '1' },
      windowHours: 0,
      holdHours: 72,
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .fields.map((f: { path: string }) => f.path)
        .sort(),
    ).toEqual(['payouts.first_meet', 'payouts.purchase', 'windowHours']);
    expect((await call(t, 'GET', '/api/cpa/settings', someone.token)).json()).toEqual(before);

    const saved = await settings({ purchase: '7.5', first_meet: '1', fill_profile: '0.25' }, 48);
    expect(saved.json()).toMatchObject({ payouts: { purchase: '7.5', fill_profile: '0.25' }, holdHours: 48 });
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'cpa.settings.update'));
    expect(audit.at(-1)).toMatchObject({
      actorId: admin.id,
      actorRole: 'admin',
      before: { holdHours: before.holdHours },
      after: { holdHours: 48, payouts: { purchase: '7.5' } },
    });
    await settings();
  });
});

describe('attribution and conversions', () => {
  it('binds a registration to the link and records fill_profile, first_meet and each purchase once', async () => {
    const { partner, link } = await approvedPartner(t, admin);
    const visitor = await visitAndRegister(t, link.id, { uid: 'click 42&x', clickedSecondsAgo: HUMAN, profile: true });
    await conversionsOf(t, visitor.id, 1);
    const [attribution] = await t.database.db
      .select()
      .from(cpaAttributions)
      .where(eq(cpaAttributions.userId, visitor.id));
    expect(attribution).toMatchObject({ linkId: link.id, partnerId: partner.id, uid: 'click 42&x' });
    expect(attribution!.hitId).not.toBeNull();

    // The same facts again, and the same event delivered twice: still one conversion each.
    await publish(t.database.db, 'profile.completed', { userId: visitor.id });
    const peer = await person(t);
    for (const meetingId of [901, 902])
      await publish(t.database.db, 'meeting.confirmed', { meetingId, userAId: visitor.id, userBId: peer.id });
    for (const purchaseId of [501, 502, 502])
      await publish(t.database.db, 'purchase.completed', {
        userId: visitor.id,
        purchaseId,
        nftId: purchaseId,
        level: 1,
        price: '100000000000000000000',
        fromSupply: true,
      });
    const rows = await conversionsOf(t, visitor.id, 4);
    await t.services.events.relay();
    const all = await t.database.db.select().from(cpaConversions).where(eq(cpaConversions.userId, visitor.id));
    expect(all.map((r) => `${r.action}:${r.source}:${r.status}`).sort()).toEqual([
      'fill_profile:profile:pending',
      'first_meet:first:pending',
      'purchase:purchase:501:pending',
      'purchase:purchase:502:pending',
    ]);
    expect(rows.every((r) => r.uid === 'click 42&x')).toBe(true);
    // The peer came through no link: nothing for them.
    expect(await t.database.db.select().from(cpaConversions).where(eq(cpaConversions.userId, peer.id))).toEqual([]);

    const rewards = cpaRewardsSchema.parse((await call(t, 'GET', '/api/cpa/rewards', partner.token)).json());
    expect(rewards.total).toBe(4);
    expect(rewards.sums.pending).toBe('11.2');
    const listed = (await call(t, 'GET', '/api/cpa/links', partner.token)).json().links[0];
    expect(listed).toMatchObject({ hits: 1, regs: 1, value: '200', profit: '0', paid: '0' });
    // The admins' list shows the same traffic.
    const partners = (await call(t, 'GET', '/api/cpa/partners?status=approved', admin.token)).json().partners;
    expect(partners.find((p: { userId: number }) => p.userId === partner.id)).toMatchObject({
      links: 1,
      hits: 1,
      regs: 1,
      value: '200',
      profit: '0',
      paid: '0',
    });
  });

  it('does not bind a registration whose click is older than the window', async () => {
    const { link } = await approvedPartner(t, admin);
    const late = await visitAndRegister(t, link.id, { clickedSecondsAgo: 721 * 3600, profile: true });
    // Wait until both handlers that could attribute this person have run: the registration's and
    // the completed profile's; then neither bound them, and no conversion was recorded.
    await until(async () => {
      await t.services.events.relay();
      const delivered = await t.database.db
        .select({ handler: eventDeliveries.handler })
        .from(eventDeliveries)
        .innerJoin(domainEvents, eq(domainEvents.id, eventDeliveries.eventId))
        .where(sql`${domainEvents.payload}->>'userId' = ${String(late.id)}`);
      const handlers = delivered.map((d) => d.handler);
      return handlers.includes('cpa-attribution') && handlers.includes('cpa-fill-profile');
    });
    expect(await t.database.db.select().from(cpaConversions).where(eq(cpaConversions.userId, late.id))).toEqual([]);
    expect(await t.database.db.select().from(cpaAttributions).where(eq(cpaAttributions.userId, late.id))).toEqual([]);
  });

  it('rejects too fast, own device, clusters and blocked people, with reasons the partner reads', async () => {
    const { partner, link } = await approvedPartner(t, admin);
    // Too fast: the profile was complete at a registration seconds after the click.
    const fast = await visitAndRegister(t, link.id, { profile: true });
    expect((await conversionsOf(t, fast.id, 1))[0]).toMatchObject({ status: 'rejected', reason: 'too_fast' });

    // Own device: the partner's own browser (seen on their account) registered the person.
    await t.database.db.insert(deviceSightings).values({ fingerprint: 'fp-partners-phone', userId: partner.id });
    const own = await visitAndRegister(t, link.id, {
      fingerprint: 'fp-partners-phone',
      clickedSecondsAgo: HUMAN,
      profile: true,
    });
    expect((await conversionsOf(t, own.id, 1))[0]).toMatchObject({ status: 'rejected', reason: 'own_device' });

    // A cluster: with CPA_CLUSTER_MAX=2, the third person from one address is rejected.
    const fromOneAddress = [];
    for (let i = 0; i < 3; i++)
      fromOneAddress.push(
        await visitAndRegister(t, link.id, { address: '198.51.100.7', clickedSecondsAgo: HUMAN, profile: true }),
      );
    const statuses = [];
    for (const p of fromOneAddress) statuses.push((await conversionsOf(t, p.id, 1))[0]!.reason);
    expect(statuses).toEqual([null, null, 'cluster']);

    // Blocked while the conversion waited: rejected when the hold ends, not approved.
    const blocked = fromOneAddress[0]!;
    await t.database.db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, blocked.id));
    await t.database.db
      .update(cpaConversions)
      .set({ holdUntil: new Date(Date.now() - 1000) })
      .where(eq(cpaConversions.partnerId, partner.id));
    await t.services.cpa.approveDue();
    const decided = await t.database.db.select().from(cpaConversions).where(eq(cpaConversions.partnerId, partner.id));
    const byUser = new Map(decided.map((r) => [r.userId, `${r.status}:${r.reason}`]));
    expect(byUser.get(blocked.id)).toBe('rejected:blocked');
    expect(byUser.get(fromOneAddress[1]!.id)).toBe('approved:null');
    expect(byUser.get(fast.id)).toBe('rejected:too_fast');

    const rewards = cpaRewardsSchema.parse(
      (await call(t, 'GET', '/api/cpa/rewards?status=rejected', partner.token)).json(),
    );
    expect(rewards.rewards.map((r) => r.reason).sort()).toEqual(['blocked', 'cluster', 'own_device', 'too_fast']);
  });

  it('approves after the holding period and pays every approved reward once, also under concurrent requests', async () => {
    const { partner, link } = await approvedPartner(t, admin);
    const nothing = await call(t, 'POST', '/api/cpa/rewards', partner.token);
    expect(nothing.json().code).toBe('CPA_NOTHING_TO_PAY');

    const visitor = await visitAndRegister(t, link.id, { clickedSecondsAgo: HUMAN, profile: true });
    const [pending] = await conversionsOf(t, visitor.id, 1);
    // Not before the hold ends.
    await t.services.cpa.approveDue();
    expect(
      (await t.database.db.select().from(cpaConversions).where(eq(cpaConversions.id, pending!.id)))[0]!.status,
    ).toBe('pending');
    await t.database.db
      .update(cpaConversions)
      .set({ holdUntil: new Date(Date.now() - 1000) })
      .where(eq(cpaConversions.id, pending!.id));
    await t.services.cpa.approveDue();

    const [a, b] = await Promise.all([
      call(t, 'POST', '/api/cpa/rewards', partner.token),
      call(t, 'POST', '/api/cpa/rewards', partner.token),
    ]);
    const answers = [a, b].map((r) => r.json());
    const paid = answers.filter((r) => r.amount);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ amount: '0.2', count: 1, status: 'requested' });
    expect(answers.find((r) => !r.amount).code).toBe('CPA_NOTHING_TO_PAY');
    // The treasury is asked once, in the payout's own transaction.
    const asked = await t.database.db.select().from(domainEvents).where(eq(domainEvents.type, 'payout.requested'));
    expect(asked.filter((e) => (e.payload as { userId: number }).userId === partner.id)).toHaveLength(1);
    const rewards = cpaRewardsSchema.parse((await call(t, 'GET', '/api/cpa/rewards', partner.token)).json());
    expect(rewards.rewards[0]!.status).toBe('paid');
  });

  it('shows hits, regs, value, profit and paid per link and per day, and as CSV', async () => {
    const { partner, link } = await approvedPartner(t, admin, { name: 'Stats, "quoted"' });
    const visitor = await visitAndRegister(t, link.id, { clickedSecondsAgo: HUMAN, profile: true });
    await conversionsOf(t, visitor.id, 1);
    await publish(t.database.db, 'purchase.completed', {
      userId: visitor.id,
      purchaseId: 777,
      nftId: 777,
      level: 2,
      price: '250000000000000000000',
      fromSupply: true,
    });
    await conversionsOf(t, visitor.id, 2);
    await t.database.db
      .update(cpaConversions)
      .set({ holdUntil: new Date(0) })
      .where(eq(cpaConversions.userId, visitor.id));
    await t.services.cpa.approveDue();

    const stats = cpaStatsSchema.parse((await call(t, 'GET', '/api/cpa/stats?period=7d', partner.token)).json());
    expect(stats.totals).toEqual({ hits: 1, regs: 1, value: '250', profit: '5.2', paid: '0' });
    expect(stats.links).toEqual([{ linkId: link.id, hits: 1, regs: 1, value: '250', profit: '5.2', paid: '0' }]);
    const today = new Date().toISOString().slice(0, 10);
    expect(stats.days.map((d) => d.day)).toContain(today);
    const bad = await call(t, 'GET', '/api/cpa/stats?period=year', partner.token);
    expect(bad.statusCode).toBe(400);

    const csv = await call(t, 'GET', '/api/cpa/stats.csv?period=30d', partner.token);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')).toEqual([
      'link_id,link_name,hits,regs,value_usdt,profit_usdt,paid_usdt',
      `${link.id},"Stats, ""quoted""",1,1,250,5.2,0`,
      ',total,1,1,250,5.2,0',
      '',
    ]);
  });

  it('counts a hit once per visitor, and none for a crawler', async () => {
    const { link } = await approvedPartner(t, admin);
    const headers = {
      'x-cpa': String(link.id),
      'x-device-fingerprint': 'fp-one-visitor-123',
      'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
    };
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/cpa/hits',
      headers,
      payload: { landing: '/l/meet' },
    });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/cpa/hits',
      headers,
      payload: { landing: '/l/earn' },
    });
    expect([first.json().counted, again.json().counted]).toEqual([true, false]);
    const [recorded] = await t.database.db.select().from(cpaHits).where(eq(cpaHits.linkId, link.id));
    expect(recorded).toMatchObject({ landing: '/l/meet', visitor: 'fp:fp-one-visitor-123' });
    expect(recorded!.clickId).toMatch(/^[0-9a-f-]{36}$/);
    const bot = await t.app.inject({
      method: 'POST',
      url: '/api/cpa/hits',
      headers: {
        'x-cpa': String(link.id),
        'x-device-fingerprint': 'fp-a-crawler-456',
        'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      },
    });
    expect(bot.json().counted).toBe(false);
    expect(await t.database.db.select().from(cpaHits).where(eq(cpaHits.linkId, link.id))).toHaveLength(1);
  });
});
