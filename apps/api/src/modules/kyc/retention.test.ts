import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { createTestApp, insertUser, type TestApp } from '../../../test/app';
import { until } from '../../../test/until';
import { storedFiles } from '../../../test/kits/media';
import { call, insertStaff, submitKyc } from '../../../test/kits/kyc';
import { auditLog, kycApplications, kycAttempts, media, users } from '../../db/schema';
import { KYC_RETENTION_JOB } from './retention-job';

const RETENTION_DAYS = 30;
const ENV = { RATE_LIMIT_AUTH_MAX: '1000', RATE_LIMIT_MAX: '5000', KYC_RETENTION_DAYS: String(RETENTION_DAYS) };

describe('KYC retention', () => {
  let t: TestApp;
  let moderator: { id: number };
  let seed = 200;

  beforeAll(async () => {
    t = await createTestApp({ env: ENV });
    moderator = await insertStaff(t, 'moderator', 'GOLD');
  }, 60_000);
  afterAll(async () => t?.close());

  const person = () => insertUser(t.database, { firstName: 'Anna', lastName: `Retained${++seed}` });
  const decide = async (app: { id: number; version: number }, status: 'approved' | 'rejected') =>
    (
      await call(t, moderator.id, 'PATCH', `/api/kyc/moderate/${app.id}`, {
        status,
        ...(status === 'approved' ? { maxNftType: 'GOLD' } : { reasonCode: 'document_unreadable' }),
        version: app.version,
      })
    ).json();

  /** Moves an application's decisions and the photos they were made on `days` into the past. */
  async function age(applicationId: number, days: number) {
    const shift = sql`interval '1 day' * ${days}`;
    const attempts = await t.database.db
      .update(kycAttempts)
      .set({
        submittedAt: sql`${kycAttempts.submittedAt} - ${shift}`,
        decidedAt: sql`${kycAttempts.decidedAt} - ${shift}`,
      })
      .where(eq(kycAttempts.applicationId, applicationId))
      .returning();
    const photoIds = attempts.flatMap((a) => [a.documentMediaId, a.selfieMediaId]).filter((id) => id !== null);
    await t.database.db
      .update(media)
      .set({ createdAt: sql`${media.createdAt} - ${shift} - interval '1 hour'` })
      .where(inArray(media.id, photoIds));
    await t.database.db
      .update(kycApplications)
      .set({ decidedAt: sql`${kycApplications.decidedAt} - ${shift}` })
      .where(eq(kycApplications.id, applicationId));
  }

  const photosOf = (userId: number) =>
    t.database.db
      .select()
      .from(media)
      .where(and(eq(media.userId, userId), eq(media.album, 'kyc')))
      .orderBy(media.id);
  const applicationOf = async (id: number) =>
    (await t.database.db.select().from(kycApplications).where(eq(kycApplications.id, id)))[0]!;

  it('deletes photos after the retention period following the decision, keeping the status and dates; a deleted account keeps decided photos as long, undecided ones go at once', async () => {
    // 1. Approved 31 days ago: past retention.
    const old = await person();
    const oldApp = await submitKyc(t, old.id, ++seed);
    await decide(oldApp, 'approved');
    await age(oldApp.id, RETENTION_DAYS + 1);
    const oldBefore = await applicationOf(oldApp.id);

    // 2. Approved 29 days ago: kept.
    const recent = await person();
    const recentApp = await submitKyc(t, recent.id, ++seed);
    await decide(recentApp, 'approved');
    await age(recentApp.id, RETENTION_DAYS - 1);

    // 3. Rejected 31 days ago, then resubmitted today: the first attempt's photos go, the new ones wait.
    const again = await person();
    const firstTry = await submitKyc(t, again.id, ++seed);
    await decide(firstTry, 'rejected');
    await age(firstTry.id, RETENTION_DAYS + 1);
    const [firstDocument, firstSelfie] = await photosOf(again.id);
    await submitKyc(t, again.id, ++seed);

    // 4. A deleted account whose application was never decided: nothing to keep, the photos go now.
    const leftUndecided = await person();
    await submitKyc(t, leftUndecided.id, ++seed);
    // 5. A deleted account decided yesterday: the photos stay for the retention period.
    const leftDecided = await person();
    const leftDecidedApp = await submitKyc(t, leftDecided.id, ++seed);
    await decide(leftDecidedApp, 'rejected');
    await age(leftDecidedApp.id, 1);
    await t.database.db
      .update(users)
      .set({ deletedAt: new Date() })
      .where(inArray(users.id, [leftUndecided.id, leftDecided.id]));

    const oldPhotos = await photosOf(old.id);
    expect(oldPhotos.every((photo) => storedFiles(t, photo.storageKey).length > 0)).toBe(true);
    expect((await call(t, old.id, 'GET', `/api/media/kyc/${oldPhotos[0]!.id}`)).statusCode).toBe(200);

    await t.services.jobs.send(KYC_RETENTION_JOB, { slot: 1 });
    await until(async () => (await applicationOf(oldApp.id)).imagesDeletedAt, 20_000, 'the retention job');
    await until(async () => (await applicationOf(firstTry.id)).imagesDeletedAt, 20_000, 'the second application');

    // Files gone, rows marked, status and dates as they were; the photo is not served any more.
    for (const photo of await photosOf(old.id)) {
      expect(photo.deletedAt).not.toBeNull();
      expect(storedFiles(t, photo.storageKey)).toEqual([]);
    }
    const oldAfter = await applicationOf(oldApp.id);
    expect(oldAfter).toMatchObject({
      status: 'approved',
      maxNftType: oldBefore.maxNftType,
      decidedAt: oldBefore.decidedAt,
      submittedAt: oldBefore.submittedAt,
    });
    expect((await call(t, old.id, 'GET', `/api/media/kyc/${oldPhotos[0]!.id}`)).statusCode).toBe(404);
    const mine = (await call(t, old.id, 'GET', '/api/kyc/application')).json();
    expect(mine).toMatchObject({ status: 'approved', maxNftType: 'GOLD' });
    const staffView = (await call(t, moderator.id, 'GET', `/api/kyc/moderate/${oldApp.id}`)).json();
    expect(staffView).toMatchObject({ status: 'approved', document: null, selfie: null });
    expect(staffView.imagesDeletedAt).toBe(oldAfter.imagesDeletedAt!.toISOString());

    expect((await photosOf(recent.id)).every((photo) => photo.deletedAt === null)).toBe(true);
    expect((await applicationOf(recentApp.id)).imagesDeletedAt).toBeNull();

    const againPhotos = await photosOf(again.id);
    const gone = againPhotos.filter((photo) => photo.deletedAt !== null).map((photo) => photo.id);
    expect(gone.sort()).toEqual([firstDocument!.id, firstSelfie!.id].sort());
    expect(againPhotos.filter((photo) => photo.deletedAt === null)).toHaveLength(2);
    expect((await applicationOf(firstTry.id)).status).toBe('requested');

    await until(
      async () => (await photosOf(leftUndecided.id)).every((photo) => photo.deletedAt !== null),
      20_000,
      'the undecided photos of the deleted account',
    );
    for (const photo of await photosOf(leftUndecided.id)) expect(storedFiles(t, photo.storageKey)).toEqual([]);
    expect((await photosOf(leftDecided.id)).every((photo) => photo.deletedAt === null)).toBe(true);

    const records = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'kyc.images.delete'), eq(auditLog.targetId, String(oldApp.id))));
    expect(records).toEqual([
      expect.objectContaining({
        actorId: null,
        details: { mediaIds: oldPhotos.map((photo) => photo.id), accountDeleted: false },
      }),
    ]);
  }, 90_000);
});
