import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, insertUser, TEST_PASSWORD_PARAMS, type TestApp } from '../../../test/app';
import { until } from '../../../test/until';
import { call, insertStaff, roleOf, submitKyc } from '../../../test/kits/kyc';
import { auditLog, outbox } from '../../db/schema';
import { hashPassword } from '../../lib/password';
import { publish } from '../../events/event-bus';

const ENV = {
  RATE_LIMIT_AUTH_MAX: '1000',
  RATE_LIMIT_MAX: '5000',
  ADMIN_EMAILS: 'Boss@Example.com, Chief@Example.com',
};

describe('KYC events: annulment after three meetings, notices, ADMIN_EMAILS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: ENV });
  }, 60_000);
  afterAll(async () => t?.close());

  it('annuls a rejection after three confirmed meetings, counting each meeting once, and mails the decision', async () => {
    const moderator = await insertStaff(t, 'moderator', 'GOLD');
    const user = await insertUser(t.database, { firstName: 'Olga', lastName: 'Ivanova', locale: 'ru' });
    const peer = await insertUser(t.database);
    const app = await submitKyc(t, user.id, 7);
    const rejected = await call(t, moderator.id, 'PATCH', `/api/kyc/moderate/${app.id}`, {
      status: 'rejected',
      reasonCode: 'document_unreadable',
      moderatorComment: 'Blurry',
      version: app.version,
    });
    expect(rejected.json().status).toBe('rejected');
    const mail = await until(async () => {
      const rows = await t.database.db.select().from(outbox).where(eq(outbox.to, user.email));
      return rows.find((row) => row.template === 'kyc_decided');
    });
    expect(mail.subject).toBe('Проверка личности не пройдена');
    expect(mail.text).toContain('Blurry');

    for (let meeting = 1; meeting <= 3; meeting++) {
      await publish(t.database.db, 'meeting.confirmed', { meetingId: meeting, userAId: user.id, userBId: peer.id });
      await t.services.events.relay();
      const expected = meeting < 3 ? { status: 'rejected', meetingsUntilAnnulment: 3 - meeting } : { status: 'draft' };
      await until(async () => {
        const view = (await call(t, user.id, 'GET', '/api/kyc/application')).json();
        return view.status === expected.status &&
          (expected.meetingsUntilAnnulment === undefined ||
            view.meetingsUntilAnnulment === expected.meetingsUntilAnnulment)
          ? view
          : undefined;
      });
    }
    const view = (await call(t, user.id, 'GET', '/api/kyc/application')).json();
    expect(view).toMatchObject({ status: 'draft', nextAction: 'upload_document', rejections: 1 });
    expect(view.attempts[0].annulledAt).not.toBeNull();
  }, 60_000);

  it('makes the ADMIN_EMAILS accounts admins when they register', async () => {
    const boss = await insertUser(t.database, { email: 'boss@example.com' });
    expect(await roleOf(t, boss.id)).toBe('user');
    await publish(t.database.db, 'user.registered', { userId: boss.id, referrerId: null, partnerLinkId: null });
    await t.services.events.relay();
    await until(async () => ((await roleOf(t, boss.id)) === 'admin' ? true : undefined));
  }, 30_000);

  it('makes an ADMIN_EMAILS account admin when it logs in, and says so in the login answer', async () => {
    // An account made before its address was listed, and not promoted at start (the list came later).
    const chief = await insertUser(t.database, {
      email: 'chief@example.com',
      passwordHash: await hashPassword('Secret1', TEST_PASSWORD_PARAMS),
    });
    const other = await insertUser(t.database, { passwordHash: await hashPassword('Secret1', TEST_PASSWORD_PARAMS) });
    const login = async (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password: 'Secret1' } });

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'Chief@Example.com', password: 'Wrong1' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(await roleOf(t, chief.id)).toBe('user');

    const signedIn = await login('Chief@Example.com');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.role).toBe('admin');
    expect(await roleOf(t, chief.id)).toBe('admin');
    const promotions = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.role'), eq(auditLog.targetId, String(chief.id))));
    expect(promotions).toEqual([
      expect.objectContaining({ actorId: null, details: { to: 'admin', source: 'ADMIN_EMAILS' } }),
    ]);

    // Once is enough: the next login finds an admin and writes nothing more.
    expect((await login('chief@example.com')).json().user.role).toBe('admin');
    expect(
      await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'staff.role'), eq(auditLog.targetId, String(chief.id)))),
    ).toHaveLength(1);

    expect((await login(other.email)).json().user.role).toBe('user');
  }, 30_000);
});
