import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import { NFT_TYPE } from '@app/shared/constants';
import { kycApplicationSchema, kycDetailSchema } from '@app/shared/schemas/kyc';
import { createTestApp, insertUser, type TestApp } from '../../../test/app';
import { jpegFile, upload, storeRoot } from '../../../test/kits/media';
import { call, documentPhoto, insertStaff, submitKyc } from '../../../test/kits/kyc';
import { auditLog, media } from '../../db/schema';
import { kycApprovedType, maxBuyableType } from './kyc-gate';

const ENV = { RATE_LIMIT_AUTH_MAX: '1000', RATE_LIMIT_MAX: '5000', KYC_MAX_ATTEMPTS: '2' };

describe('KYC', () => {
  let t: TestApp;
  let admin: { id: number };
  let gold: { id: number };
  let platinum: { id: number };
  let seed = 0;

  beforeAll(async () => {
    t = await createTestApp({ env: ENV });
    admin = await insertStaff(t, 'admin');
    gold = await insertStaff(t, 'moderator', 'GOLD');
    platinum = await insertStaff(t, 'moderator', 'PLATINUM');
  }, 60_000);
  afterAll(async () => t?.close());

  const person = () => insertUser(t.database, { firstName: 'Ivan', lastName: `Petrov${++seed}` });
  const decide = (staffId: number, id: number, body: object) =>
    call(t, staffId, 'PATCH', `/api/kyc/moderate/${id}`, body);
  const detail = async (staffId: number, id: number) =>
    (await call(t, staffId, 'GET', `/api/kyc/moderate/${id}`)).json();

  it('walks a person from draft to approved, and the gate follows', async () => {
    const user = await person();
    const empty = await call(t, user.id, 'GET', '/api/kyc/application');
    expect(kycApplicationSchema.parse(empty.json())).toMatchObject({
      id: null,
      status: 'draft',
      nextAction: 'upload_document',
    });

    const started = (await call(t, user.id, 'POST', '/api/kyc/application', { level: 'GOLD' })).json();
    expect(started.selfieCode).toMatch(/^[2-9A-Z]{6}$/);
    const early = await call(t, user.id, 'POST', '/api/kyc/application/submit', {});
    expect(early.json().code).toBe('KYC_DOCUMENT_REQUIRED');

    const submitted = await submitKyc(t, user.id, seed);
    expect(submitted).toMatchObject({ status: 'requested', nextAction: 'wait_review' });
    expect(await maxBuyableType(t.database.db, user.id)).toBe(NFT_TYPE.SILVER);

    const list = (
      await call(t, gold.id, 'GET', `/api/kyc/moderate/list?status=requested&lastName=Petrov${seed}`)
    ).json();
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ id: submitted.id, canDecide: true, overdue: false });

    const item = kycDetailSchema.parse(await detail(gold.id, submitted.id));
    expect(item.selfieCode).toBe(started.selfieCode);
    const tooHigh = await decide(gold.id, submitted.id, {
      status: 'approved',
      maxNftType: 'PLATINUM',
      version: item.version,
    });
    expect(tooHigh.json().code).toBe('KYC_LEVEL_TOO_HIGH');
    const approved = await decide(gold.id, submitted.id, {
      status: 'approved',
      maxNftType: 'GOLD',
      moderatorComment: 'All good',
      internalNote: 'checked by hand',
      version: item.version,
    });
    expect(approved.statusCode).toBe(200);
    expect(await kycApprovedType(t.database.db, user.id)).toBe(NFT_TYPE.GOLD);
    expect(await maxBuyableType(t.database.db, user.id)).toBe(NFT_TYPE.GOLD);

    const mine = (await call(t, user.id, 'GET', '/api/kyc/application')).json();
    expect(mine).toMatchObject({
      status: 'approved',
      maxNftType: 'GOLD',
      moderatorComment: 'All good',
      nextAction: 'none',
    });
    expect(JSON.stringify(mine)).not.toContain('checked by hand');
  });

  it('keeps photos encrypted on disk, re-encoded, and shows them only to the owner and staff of the right level', async () => {
    const owner = await person();
    const other = await person();
    await call(t, owner.id, 'POST', '/api/kyc/application', { level: 'PLATINUM' });
    const res = await upload(t, owner.id, { album: 'kyc', step: 'document', files: jpegFile(await documentPhoto(99)) });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const [row] = await t.database.db.select().from(media).where(eq(media.id, id));
    const file = path.join(storeRoot(t), row!.storageKey, 'large.bin');
    const onDisk = fs.readFileSync(file);
    await expect(sharp(onDisk).metadata()).rejects.toThrow();
    expect(onDisk.subarray(0, 4).toString()).toBe('KYC1');

    const own = await call(t, owner.id, 'GET', `/api/media/kyc/${id}/large`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('no-store');
    const meta = await sharp(own.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(meta.width).toBe(1600);

    expect((await call(t, other.id, 'GET', `/api/media/kyc/${id}`)).statusCode).toBe(404);
    expect((await call(t, gold.id, 'GET', `/api/media/kyc/${id}`)).json().code).toBe('KYC_LEVEL_TOO_HIGH');
    expect((await call(t, platinum.id, 'GET', `/api/media/kyc/${id}/medium`)).statusCode).toBe(200);
    expect((await call(t, admin.id, 'GET', `/api/media/kyc/${id}`)).statusCode).toBe(200);
    const views = await t.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'kyc.document.view' and ${auditLog.details}->>'mediaId' = ${String(id)}`);
    expect(views.map((v) => v.actorId).sort()).toEqual([admin.id, platinum.id].sort());
    await expect(t.database.db.delete(auditLog)).rejects.toThrow();
  });

  it('refuses non-images, images too small to read, and uploads without a step', async () => {
    const user = await person();
    const text = await upload(t, user.id, {
      album: 'kyc',
      step: 'document',
      files: { data: Buffer.from('hello'), filename: 'a.txt', type: 'text/plain' },
    });
    expect(text.json().code).toBe('UNSUPPORTED_FILE');
    const small = await upload(t, user.id, {
      album: 'kyc',
      step: 'document',
      files: jpegFile(await documentPhoto(1, 800, 400)),
    });
    expect(small.json().code).toBe('KYC_IMAGE_TOO_SMALL');
    const noStep = await upload(t, user.id, { album: 'kyc', files: jpegFile(await documentPhoto(1)) });
    expect(noStep.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: [{ path: 'step' }] });
  });

  it('lets exactly one of two concurrent decisions win', async () => {
    const user = await person();
    const { id, version } = await submitKyc(t, user.id, seed);
    const [a, b] = await Promise.all([
      decide(gold.id, id, { status: 'approved', maxNftType: 'GOLD', version }),
      decide(platinum.id, id, { status: 'rejected', reasonCode: 'document_unreadable', version }),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json().code).toBe('KYC_VERSION_CONFLICT');
    // The winner's audit row: who, as what, in which request, the status before and after.
    const winner = a.statusCode === 200 ? gold : platinum;
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'kyc.decide' and ${auditLog.targetId} = ${String(id)}`);
    expect(audit).toMatchObject({ actorId: winner.id, actorRole: 'moderator', before: { status: 'requested' } });
    expect(audit!.requestId).toBeTruthy();
  });

  it('resubmits after a rejection, makes the rejection after the cap final with four eyes', async () => {
    const user = await person();
    let app = await submitKyc(t, user.id, seed);
    for (let round = 1; round <= 2; round++) {
      const rejected = await decide(gold.id, app.id, {
        status: 'rejected',
        reasonCode: 'selfie_mismatch',
        moderatorComment: 'Retake',
        version: app.version,
      });
      expect(rejected.json()).toMatchObject({ status: 'rejected', rejections: round });
      const mine = (await call(t, user.id, 'GET', '/api/kyc/application')).json();
      expect(mine).toMatchObject({
        status: 'rejected',
        nextAction: 'resubmit',
        reasonCode: 'selfie_mismatch',
        meetingsUntilAnnulment: 3,
      });
      app = await submitKyc(t, user.id, seed);
      expect((await call(t, user.id, 'GET', '/api/kyc/application')).json().attempts).toHaveLength(round + 1);
    }
    // Two rejections used (KYC_MAX_ATTEMPTS=2): the next is final and waits for a second staff member.
    const proposed = await decide(gold.id, app.id, {
      status: 'rejected',
      reasonCode: 'suspected_fraud',
      version: app.version,
    });
    expect(proposed.json()).toMatchObject({
      status: 'requested',
      awaitingConfirmation: true,
      pendingDecision: { status: 'rejected_forever' },
    });
    const self = await call(t, gold.id, 'POST', `/api/kyc/moderate/${app.id}/confirm`, {
      confirm: true,
      version: proposed.json().version,
    });
    expect(self.json().code).toBe('KYC_SECOND_STAFF_REQUIRED');
    const confirmed = await call(t, platinum.id, 'POST', `/api/kyc/moderate/${app.id}/confirm`, {
      confirm: true,
      version: proposed.json().version,
    });
    expect(confirmed.json()).toMatchObject({ status: 'rejected_forever', pendingDecision: null });
    const mine = (await call(t, user.id, 'GET', '/api/kyc/application')).json();
    expect(mine).toMatchObject({ status: 'rejected_forever', nextAction: 'contact_support' });
    expect((await call(t, user.id, 'POST', '/api/kyc/application', {})).json().status).toBe('rejected_forever');
    const again = await upload(t, user.id, { album: 'kyc', step: 'document', files: jpegFile(await documentPhoto(3)) });
    expect(again.json().code).toBe('KYC_REJECTED_FOREVER');
  });

  it('revokes an approval only with a second staff member, and the gate closes at once', async () => {
    const user = await person();
    const app = await submitKyc(t, user.id, seed);
    const approved = (
      await decide(gold.id, app.id, { status: 'approved', maxNftType: 'GOLD', version: app.version })
    ).json();
    const proposed = (
      await decide(gold.id, app.id, {
        status: 'rejected',
        reasonCode: 'document_expired',
        moderatorComment: 'Expired',
        version: approved.version,
      })
    ).json();
    expect(proposed.awaitingConfirmation).toBe(true);
    expect(await maxBuyableType(t.database.db, user.id)).toBe(NFT_TYPE.GOLD);
    const blocked = await decide(platinum.id, app.id, {
      status: 'approved',
      maxNftType: 'GOLD',
      version: proposed.version,
    });
    expect(blocked.json().code).toBe('KYC_CONFIRMATION_PENDING');
    const done = await call(t, admin.id, 'POST', `/api/kyc/moderate/${app.id}/confirm`, {
      confirm: true,
      version: proposed.version,
    });
    expect(done.json()).toMatchObject({ status: 'rejected' });
    expect(await maxBuyableType(t.database.db, user.id)).toBe(NFT_TYPE.SILVER);
    expect(await kycApprovedType(t.database.db, user.id)).toBeNull();
    const mine = (await call(t, user.id, 'GET', '/api/kyc/application')).json();
    expect(mine).toMatchObject({ status: 'rejected', revoked: true, moderatorComment: 'Expired' });
    expect(mine.attempts.at(-1)).toMatchObject({ revocation: true, status: 'rejected' });
  });

  it('keeps staff calls to staff, and a moderator below the level out', async () => {
    const user = await person();
    const app = await submitKyc(t, user.id, seed, 'PLATINUM');
    expect((await call(t, user.id, 'GET', '/api/kyc/moderate/list')).json().code).toBe('FORBIDDEN');
    expect(
      (await decide(user.id, app.id, { status: 'approved', maxNftType: 'GOLD', version: app.version })).json().code,
    ).toBe('FORBIDDEN');
    expect((await call(t, gold.id, 'GET', `/api/kyc/moderate/${app.id}`)).json().code).toBe('KYC_LEVEL_TOO_HIGH');
    const list = (await call(t, gold.id, 'GET', '/api/kyc/moderate/list?status=requested&limit=100')).json();
    expect(list.items.find((i: { id: number }) => i.id === app.id).canDecide).toBe(false);
    const claimed = await call(t, platinum.id, 'POST', `/api/kyc/moderate/${app.id}/claim`);
    expect(claimed.json().claimedBy.id).toBe(platinum.id);
    expect((await call(t, admin.id, 'POST', `/api/kyc/moderate/${app.id}/claim`)).json().code).toBe('KYC_CLAIMED');
    expect((await call(t, gold.id, 'GET', '/api/kyc/moderators')).json().code).toBe('FORBIDDEN');
    const designated = await call(t, admin.id, 'PUT', `/api/kyc/moderators/${user.id}`, {
      role: 'moderator',
      level: 'GOLD',
    });
    expect(designated.json().items).toContainEqual(
      expect.objectContaining({ userId: user.id, role: 'moderator', level: 'GOLD' }),
    );
    expect((await call(t, admin.id, 'PUT', `/api/kyc/moderators/${admin.id}`, { role: 'user' })).json().code).toBe(
      'FORBIDDEN',
    );
  });

  it('flags the same document on two accounts', async () => {
    const first = await person();
    const second = await person();
    await submitKyc(t, first.id, 500);
    const app = await submitKyc(t, second.id, 500);
    const item = (await call(t, platinum.id, 'GET', `/api/kyc/moderate/${app.id}`)).json();
    expect(item.duplicate).toBe(true);
    expect(item.duplicates).toContainEqual(expect.objectContaining({ userId: first.id, distance: 0 }));
  });
});
