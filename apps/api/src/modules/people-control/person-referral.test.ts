import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ErrorBody } from '@app/shared/errors';
import type { PersonDetail } from '@app/shared/schemas/people-control';
import { referralFlagsSchema } from '@app/shared/schemas/referral';
import { formatPromocode } from '@app/shared/validation/rules';
import { auditLog, referralFlags, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/app';
import { until } from '../../../test/until';

/**
 * The admin's side of the referral programme: the person's page names the referrer, counts the
 * direct referrals and lists the self-referral flags on either side; the flags list names both
 * people; changing a referrer says why it is refused. Only admins see or change any of it.
 */

const PASSWORD = 'Secret1';
let t: TestApp;
let admin: Who;
let moderator: Who;
let people = 0;

interface Who {
  id: number;
  token: string;
}

async function register(referrer: Who | null, names: { firstName?: string; lastName?: string } = {}): Promise<Who> {
  const email = `person-referral-${++people}-${Date.now()}@example.com`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/register',
    payload: { email, password: PASSWORD, ...names, ...(referrer && { promocode: formatPromocode(referrer.id) }) },
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  const { user, token } = res.json() as { token: string; user: { id: number } };
  return { id: user.id, token };
}

/** Staff log in again after the role changes, so the token carries it. */
async function staff(role: 'admin' | 'moderator'): Promise<Who> {
  const who = await register(null);
  await t.database.db.update(users).set({ role }).where(eq(users.id, who.id));
  const [row] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, who.id));
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { email: row!.email, password: PASSWORD },
  });
  return { id: who.id, token: login.json().token as string };
}

async function call<T>(method: 'GET' | 'PUT', url: string, who: Who | null, payload?: object) {
  const res = await t.app.inject({
    method,
    url: `/api${url}`,
    headers: who ? { authorization: `Bearer ${who.token}` } : {},
    payload,
  });
  return { status: res.statusCode, body: res.json() as T };
}

const detail = async (id: number) => (await call<PersonDetail>('GET', `/control/people/${id}`, admin)).body.referral;

let rita: Who;
let oleg: Who;
let vera: Who;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MAX: '100000', RATE_LIMIT_AUTH_MAX: '10000' } });
  [admin, moderator] = [await staff('admin'), await staff('moderator')];
  // Rita brought Oleg, Oleg brought Vera.
  rita = await register(null, { firstName: 'Rita', lastName: 'Referrer' });
  oleg = await register(rita, { firstName: 'Oleg' });
  vera = await register(oleg);
  await until(async () => (await detail(vera.id)).referrer?.id === oleg.id, 20_000, "Vera's referrer on her page");
}, 60_000);
afterAll(() => t?.close());

describe('the referral side of the admin area', () => {
  it('refuses people and moderators the flags, the change and the person page', async () => {
    const routes: [method: 'GET' | 'PUT', url: string, body?: object][] = [
      ['GET', '/referral/flags'],
      ['PUT', `/referral/referrer/${vera.id}`, { referrerId: rita.id, reason: 'ticket 1' }],
      ['GET', `/control/people/${vera.id}`],
    ];
    for (const [method, url, body] of routes) {
      expect((await call<ErrorBody>(method, url, null, body)).status, url).toBe(401);
      expect((await call<ErrorBody>(method, url, oleg, body)).body.code, url).toBe('FORBIDDEN');
      expect((await call<ErrorBody>(method, url, moderator, body)).body.code, url).toBe('FORBIDDEN');
    }
    expect((await detail(vera.id)).referrer?.id).toBe(oleg.id);
  });

  it('shows the referrer, the direct referrals and the flags on either side, the other person named', async () => {
    await t.database.db.insert(referralFlags).values([
      { beneficiaryId: rita.id, referralId: oleg.id, reason: 'device', sourceEvent: 'test-1' },
      { beneficiaryId: oleg.id, referralId: vera.id, reason: 'email', sourceEvent: 'test-2' },
    ]);
    const ofOleg = await detail(oleg.id);
    expect(ofOleg).toMatchObject({
      referrer: { id: rita.id, firstName: 'Rita', lastName: 'Referrer' },
      directReferrals: 1,
      flagsTotal: 2,
    });
    // Newest first: Oleg would have earned from Vera; Rita would have earned from Oleg.
    expect(ofOleg.flags.map((f) => [f.role, f.other.id, f.reason])).toEqual([
      ['beneficiary', vera.id, 'email'],
      ['referral', rita.id, 'device'],
    ]);
    expect(await detail(rita.id)).toMatchObject({ referrer: null, directReferrals: 1, flagsTotal: 1 });
    expect(await detail(vera.id)).toMatchObject({ directReferrals: 0, flags: [{ role: 'referral' }] });
  });

  it('lists every flag for admins, newest first, both people named', async () => {
    const res = await call('GET', '/referral/flags?limit=100', admin);
    expect(res.status).toBe(200);
    const flags = referralFlagsSchema.parse(res.body);
    const ours = flags.items.filter((f) => [rita.id, oleg.id].includes(f.beneficiaryId));
    expect(ours.map((f) => [f.beneficiary.firstName, f.referral.firstName, f.referral.id, f.reason])).toEqual([
      ['Oleg', null, vera.id, 'email'],
      ['Rita', 'Oleg', oleg.id, 'device'],
    ]);
    const paged = referralFlagsSchema.parse((await call('GET', '/referral/flags?offset=1&limit=1', admin)).body);
    expect(paged.total).toBe(flags.total);
    expect(paged.items).toHaveLength(1);
  });

  it('refuses oneself, an unknown or deleted account and a cycle, each with its own code', async () => {
    const change = (who: Who, referrerId: number | null) =>
      call<ErrorBody>('PUT', `/referral/referrer/${who.id}`, admin, { referrerId, reason: 'support ticket 9' });
    expect((await change(oleg, oleg.id)).body.code).toBe('REFERRER_SELF');
    expect((await change(oleg, 999_999_999)).body).toMatchObject({ statusCode: 404, code: 'REFERRER_UNKNOWN' });
    const gone = await register(null);
    await t.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    expect((await change(oleg, gone.id)).body.code).toBe('REFERRER_UNKNOWN');
    // Vera was brought by Oleg, who was brought by Rita: neither of Rita's descendants may bring her.
    expect((await change(rita, oleg.id)).body.code).toBe('REFERRER_CYCLE');
    expect((await change(rita, vera.id)).body.code).toBe('REFERRER_CYCLE');
    expect(
      (await call<ErrorBody>('PUT', '/referral/referrer/999999999', admin, { referrerId: null, reason: 'x' })).status,
    ).toBe(404);
    // Nothing changed.
    expect((await detail(rita.id)).referrer).toBeNull();
  });

  it('changes the referrer, or takes it away, and the page and the audit log say so', async () => {
    const moved = await call('PUT', `/referral/referrer/${vera.id}`, admin, {
      referrerId: rita.id,
      reason: 'Registered with the wrong link',
    });
    expect(moved.status).toBe(200);
    expect(await detail(vera.id)).toMatchObject({ referrer: { id: rita.id } });
    expect(await detail(rita.id)).toMatchObject({ directReferrals: 2 });
    expect(await detail(oleg.id)).toMatchObject({ directReferrals: 0 });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'referral.referrer'), eq(auditLog.targetId, String(vera.id))));
    expect(audit).toMatchObject({
      actorId: admin.id,
      reason: 'Registered with the wrong link',
      before: { referrerId: oleg.id },
      after: { referrerId: rita.id },
    });

    expect(
      (await call('PUT', `/referral/referrer/${vera.id}`, admin, { referrerId: null, reason: 'No referrer' })).status,
    ).toBe(200);
    expect(await detail(vera.id)).toMatchObject({ referrer: null });
  });
});
