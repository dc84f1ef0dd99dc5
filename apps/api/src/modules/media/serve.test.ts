import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { albumListSchema } from '@app/shared/schemas/media';
import { createTestApp, insertUser, type TestApp } from '../../../test/app';
import { media } from '../../db/schema';
import { cameraPhoto, jpegFile, mediaRowsOf, storeRoot, upload } from '../../../test/kits/media';

describe('GET /api/media/avatar/:id/:size', () => {
  let t: TestApp;
  let id: number;
  beforeAll(async () => {
    t = await createTestApp();
    const user = await insertUser(t.database);
    id = (await upload(t, user.id, { album: 'profile_photos', files: jpegFile(await cameraPhoto()) })).json().id;
  });
  afterAll(() => t.close());

  it('sends each size as immutable WebP with an ETag; small when no size is named', async () => {
    const etags = new Set<string>();
    for (const [url, side] of [
      [`/api/media/avatar/${id}`, 128],
      [`/api/media/avatar/${id}/small`, 128],
      [`/api/media/avatar/${id}/medium`, 512],
      [`/api/media/avatar/${id}/large`, 1024],
    ] as const) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.etag).toMatch(/^"\d+-[0-9a-f]+-(small|medium|large)"$/);
      etags.add(res.headers.etag as string);
      expect((await sharp(res.rawPayload).metadata()).width).toBe(side);
    }
    expect(etags.size).toBe(3);
  });

  it('needs no sign-in', async () => {
    expect(
      (await t.app.inject({ url: `/api/media/avatar/${id}/medium`, headers: { authorization: 'Bearer broken' } }))
        .statusCode,
    ).toBe(200);
  });

  it('answers 304 with no body to a matching If-None-Match', async () => {
    const first = await t.app.inject(`/api/media/avatar/${id}/medium`);
    const etag = first.headers.etag as string;
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await t.app.inject({ url: `/api/media/avatar/${id}/medium`, headers: { 'if-none-match': header } });
      expect(again.statusCode, header).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toContain('immutable');
    }
    const stale = await t.app.inject({ url: `/api/media/avatar/${id}/medium`, headers: { 'if-none-match': '"old"' } });
    expect(stale.statusCode).toBe(200);
    // Another size is another representation.
    const other = await t.app.inject({ url: `/api/media/avatar/${id}/large`, headers: { 'if-none-match': etag } });
    expect(other.statusCode).toBe(200);
  });

  it('answers NOT_FOUND for unknown ids, unknown sizes and deleted photos', async () => {
    for (const url of [
      `/api/media/avatar/999999`,
      `/api/media/avatar/${id}/huge`,
      `/api/media/avatar/${id}/SMALL`,
      `/api/media/avatar/2147483647/small`,
    ]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect((await t.app.inject('/api/media/avatar/abc')).json()).toMatchObject({ code: 'VALIDATION_ERROR' });

    const user = await insertUser(t.database);
    const gone = (
      await upload(t, user.id, { album: 'profile_photos', files: jpegFile(await cameraPhoto(400, 300)) })
    ).json().id;
    await t.app.inject({
      method: 'DELETE',
      url: `/api/media/${gone}`,
      headers: { authorization: `Bearer ${await t.app.tokens.sign(user.id)}` },
    });
    expect((await t.app.inject(`/api/media/avatar/${gone}`)).statusCode).toBe(404);
  });

  it('never serves media of other albums through the avatar URL', async () => {
    const user = await insertUser(t.database);
    const photo = (
      await upload(t, user.id, { album: 'profile_photos', files: jpegFile(await cameraPhoto(400, 300)) })
    ).json();
    // A KYC document stored by a later feature must not be public under /avatar.
    await t.database.db.update(media).set({ album: 'kyc' }).where(eq(media.id, photo.id));
    expect((await t.app.inject(`/api/media/avatar/${photo.id}/small`)).statusCode).toBe(404);
  });

  it('answers NOT_FOUND when the files are gone', async () => {
    const user = await insertUser(t.database);
    const photo = (
      await upload(t, user.id, { album: 'profile_photos', files: jpegFile(await cameraPhoto(400, 300)) })
    ).json();
    const [row] = await mediaRowsOf(t, user.id);
    fs.rmSync(path.join(storeRoot(t), row!.storageKey, 'small.webp'));
    expect((await t.app.inject(`/api/media/avatar/${photo.id}/small`)).statusCode).toBe(404);
    expect((await t.app.inject(`/api/media/avatar/${photo.id}/medium`)).statusCode).toBe(200);
  });
});

describe('GET /api/media/album/:album', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signedIn = async () => ({
    authorization: `Bearer ${await t.app.tokens.sign((await insertUser(t.database)).id)}`,
  });
  const get = async (url: string) => t.app.inject({ method: 'GET', url, headers: await signedIn() });

  it("lists a user's live profile photos to a signed-in person", async () => {
    const user = await insertUser(t.database);
    const empty = await get(`/api/media/album/profile_photos?userId=${user.id}`);
    expect(empty.json()).toEqual({ items: [] });

    await upload(t, user.id, { album: 'profile_photos', files: jpegFile(await cameraPhoto(400, 300)) });
    const current = (
      await upload(t, user.id, { album: 'profile_photos', files: jpegFile(await cameraPhoto(400, 300)) })
    ).json();
    const res = await get(`/api/media/album/profile_photos?userId=${user.id}`);
    expect(res.statusCode).toBe(200);
    const list = albumListSchema.parse(res.json());
    // The replaced photo was deleted with the upload of the new one.
    expect(list.items).toEqual([
      { id: current.id, url: `/api/media/avatar/${current.id}`, createdAt: expect.any(String) },
    ]);
    expect(new Date(list.items[0]!.createdAt).getTime()).not.toBeNaN();
  });

  it('answers NOT_FOUND for an unknown user and VALIDATION_ERROR for closed albums or a missing userId', async () => {
    expect((await get('/api/media/album/profile_photos?userId=999999')).json()).toMatchObject({
      code: 'NOT_FOUND',
    });
    const user = await insertUser(t.database);
    for (const url of [
      `/api/media/album/kyc?userId=${user.id}`,
      `/api/media/album/news?userId=${user.id}`,
      '/api/media/album/profile_photos',
      '/api/media/album/profile_photos?userId=x',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
  });
});
