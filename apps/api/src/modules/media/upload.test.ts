import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { uploadedMediaSchema } from '@app/shared/schemas/media';
import { createTestApp, insertUser, type TestApp } from '../../../test/app';
import { users } from '../../db/schema';
import { LocalFileStore } from './storage';
import {
  bearer,
  cameraPhoto,
  jpegFile,
  mediaRowsOf,
  multipartBody,
  plainImage,
  storedFiles,
  upload,
  userFiles,
} from '../../../test/kits/media';

// Every upload counts against the sensitive tier (3 x this per minute from one address).
const ENOUGH_RATE = { RATE_LIMIT_AUTH_MAX: '100' };

const avatarOf = async (t: TestApp, userId: number) => {
  const res = await t.app.inject({ url: '/api/user/me', headers: await bearer(t, userId) });
  return res.json().profile.avatar as string | null;
};

describe('POST /api/media', () => {
  let t: TestApp;
  let photo: Buffer;
  beforeAll(async () => {
    t = await createTestApp({ env: ENOUGH_RATE });
    photo = await cameraPhoto();
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  it('stores three WebP sizes without metadata and makes the photo the avatar', async () => {
    const user = await insertUser(t.database);
    const res = await upload(t, user.id, { album: 'profile_photos', files: jpegFile(photo) });
    expect(res.statusCode).toBe(201);
    const body = uploadedMediaSchema.parse(res.json());
    expect(body).toEqual({
      id: expect.any(Number),
      album: 'profile_photos',
      url: `/api/media/avatar/${body.id}`,
      variants: {
        small: { width: 128, height: 128, bytes: expect.any(Number) },
        medium: { width: 512, height: 512, bytes: expect.any(Number) },
        large: { width: 1024, height: 1024, bytes: expect.any(Number) },
      },
    });
    expect(await avatarOf(t, user.id)).toBe(`/api/media/avatar/${body.id}`);

    const [row] = await mediaRowsOf(t, user.id);
    expect(row).toMatchObject({ id: body.id, album: 'profile_photos', deletedAt: null, variants: body.variants });
    expect(row!.storageKey).toMatch(new RegExp(`^u${user.id}/${body.id}-[0-9a-f]{16}$`));
    expect(storedFiles(t, row!.storageKey)).toEqual(['large.webp', 'medium.webp', 'small.webp']);

    for (const size of ['small', 'medium', 'large'] as const) {
      const image = await t.app.inject(`/api/media/avatar/${body.id}/${size}`);
      expect(image.statusCode).toBe(200);
      const meta = await sharp(image.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: body.variants[size].width });
      expect(image.rawPayload.length).toBe(body.variants[size].bytes);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
    }
    // Upright: the photo's red left half is now on top.
    const { data } = await sharp((await t.app.inject(`/api/media/avatar/${body.id}/small`)).rawPayload)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200);
    expect(data[2]).toBeLessThan(60);
  });

  it('replaces the previous avatar: its row is marked deleted and its files removed', async () => {
    const user = await insertUser(t.database);
    const first = (await upload(t, user.id, { album: 'profile_photos', files: jpegFile(photo) })).json();
    const second = (
      await upload(t, user.id, { album: 'profile_photos', files: jpegFile(await plainImage('png'), 'b.png') })
    ).json();
    expect(await avatarOf(t, user.id)).toBe(second.url);

    const [old, current] = await mediaRowsOf(t, user.id);
    expect(old).toMatchObject({ id: first.id, deletedAt: expect.any(Date) });
    expect(current).toMatchObject({ id: second.id, deletedAt: null });
    expect(storedFiles(t, old!.storageKey)).toEqual([]);
    expect(storedFiles(t, current!.storageKey)).toHaveLength(3);
    expect((await t.app.inject(`/api/media/avatar/${first.id}`)).statusCode).toBe(404);
  });

  it('leaves exactly one current avatar when one user uploads several at once', async () => {
    const user = await insertUser(t.database);
    const images = await Promise.all([plainImage('png'), plainImage('webp'), plainImage('jpeg'), plainImage('gif')]);
    const responses = await Promise.all(
      images.map((data, i) =>
        upload(t, user.id, { album: 'profile_photos', files: { data, filename: `p${i}`, type: 'image/*' } }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);

    const rows = await mediaRowsOf(t, user.id);
    expect(rows).toHaveLength(4);
    const live = rows.filter((row) => row.deletedAt === null);
    expect(live).toHaveLength(1);
    const [me] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(me!.avatarMediaId).toBe(live[0]!.id);
    // No live row without its files, no files without a live row.
    for (const row of rows) expect(storedFiles(t, row.storageKey)).toHaveLength(row.deletedAt ? 0 : 3);
    expect(userFiles(t, user.id)).toHaveLength(3);
    expect((await t.app.inject(`/api/media/avatar/${live[0]!.id}/large`)).statusCode).toBe(200);
  });

  it('answers FILE_REQUIRED without a file, also for an empty file part', async () => {
    const user = await insertUser(t.database);
    const none = await upload(t, user.id, { album: 'profile_photos' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'FILE_REQUIRED' });
    const empty = await upload(t, user.id, {
      album: 'profile_photos',
      files: { data: Buffer.alloc(0), filename: '', type: 'application/octet-stream' },
    });
    expect(empty.json()).toMatchObject({ code: 'FILE_REQUIRED' });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/media',
      headers: await bearer(t, user.id),
      payload: { album: 'profile_photos' },
    });
    expect(json.json()).toMatchObject({ code: 'FILE_REQUIRED' });
    expect(await mediaRowsOf(t, user.id)).toEqual([]);
  });

  it('refuses a text file named .jpg with UNSUPPORTED_FILE and writes nothing', async () => {
    const user = await insertUser(t.database);
    const res = await upload(t, user.id, {
      album: 'profile_photos',
      files: jpegFile(Buffer.from('Just some text pretending to be a photo.\n'.repeat(50)), 'holiday.jpg'),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_FILE' });
    expect(await mediaRowsOf(t, user.id)).toEqual([]);
    expect(await avatarOf(t, user.id)).toBeNull();
    expect(userFiles(t, user.id)).toEqual([]);
  });

  it('writes nothing when storing the files fails half way, and keeps the old avatar', async () => {
    const user = await insertUser(t.database);
    const first = (await upload(t, user.id, { album: 'profile_photos', files: jpegFile(photo) })).json();
    const realPut = LocalFileStore.prototype.put;
    let calls = 0;
    vi.spyOn(LocalFileStore.prototype, 'put').mockImplementation(function (this: LocalFileStore, ...args) {
      calls += 1;
      return calls === 2 ? Promise.reject(new Error('disk full')) : realPut.apply(this, args);
    });
    const res = await upload(t, user.id, { album: 'profile_photos', files: jpegFile(photo) });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: 'INTERNAL_ERROR' });

    const rows = await mediaRowsOf(t, user.id);
    expect(rows.map((r) => [r.id, r.deletedAt])).toEqual([[first.id, null]]);
    expect(await avatarOf(t, user.id)).toBe(first.url);
    expect(userFiles(t, user.id)).toHaveLength(3);
  });

  it('accepts profile photos (and KYC photos, news images from admins and company photos, see their tests), and only of oneself', async () => {
    const user = await insertUser(t.database);
    const other = await insertUser(t.database);
    expect((await upload(t, user.id, { album: 'news', files: jpegFile(photo) })).json().code).toBe('FORBIDDEN');
    for (const album of ['nope', 'profile']) {
      const res = await upload(t, user.id, { album, files: jpegFile(photo) });
      expect(res.statusCode, album).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        fields: [{ path: 'album', key: 'msg.invalid-value' }],
      });
    }
    const missing = await upload(t, user.id, { files: jpegFile(photo) });
    expect(missing.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: [{ path: 'album' }] });
    const badTarget = await upload(t, user.id, { album: 'profile_photos', targetId: 'abc', files: jpegFile(photo) });
    expect(badTarget.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: [{ path: 'targetId' }] });
    const forOther = await upload(t, user.id, {
      album: 'profile_photos',
      targetId: String(other.id),
      files: jpegFile(photo),
    });
    expect(forOther.json()).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
    const forSelf = await upload(t, user.id, {
      album: 'profile_photos',
      targetId: String(user.id),
      files: jpegFile(photo),
    });
    expect(forSelf.statusCode).toBe(201);
    expect((await mediaRowsOf(t, user.id)).map((r) => r.targetId)).toEqual([user.id]);
  });

  it('takes one file only', async () => {
    const user = await insertUser(t.database);
    const res = await upload(t, user.id, {
      album: 'profile_photos',
      files: [jpegFile(photo), jpegFile(photo, 'b.jpg')],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: [{ path: 'files' }] });
    expect(await mediaRowsOf(t, user.id)).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    const { payload, headers } = await multipartBody({ album: 'profile_photos', files: jpegFile(photo) });
    const res = await t.app.inject({ method: 'POST', url: '/api/media', payload, headers });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'AUTH_REQUIRED' });
  });

  it('is in the OpenAPI document with its multipart body', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    const post = doc.paths['/api/media'].post;
    const schema = post.requestBody.content['multipart/form-data'].schema;
    expect(schema.properties.files).toMatchObject({ type: 'string', format: 'binary' });
    expect(schema.properties.album.enum).toEqual(['profile_photos', 'kyc', 'news', 'channel_photos']);
    expect(post.responses['201']).toBeDefined();
    expect(doc.paths['/api/media/avatar/{id}/{size}'].get.responses['200'].content['image/webp']).toBeDefined();
    expect(doc.paths['/api/media/{id}'].delete).toBeDefined();
    expect(doc.paths['/api/media/album/{album}'].get.parameters.map((p: { name: string }) => p.name).sort()).toEqual([
      'album',
      'userId',
    ]);
  });
});

describe('POST /api/media over UPLOAD_MAX_BYTES', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { UPLOAD_MAX_BYTES: '4096' } });
  });
  afterAll(() => t.close());

  it('answers FILE_TOO_LARGE and writes nothing', async () => {
    const user = await insertUser(t.database);
    const big = await cameraPhoto();
    expect(big.length).toBeGreaterThan(4096);
    const res = await upload(t, user.id, { album: 'profile_photos', files: jpegFile(big) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'FILE_TOO_LARGE' });
    expect(await mediaRowsOf(t, user.id)).toEqual([]);
    expect(userFiles(t, user.id)).toEqual([]);
  });

  it('still takes a file under the limit', async () => {
    const user = await insertUser(t.database);
    const small = await plainImage('png', 64, 64);
    expect(small.length).toBeLessThan(4096);
    const res = await upload(t, user.id, {
      album: 'profile_photos',
      files: { data: small, filename: 'a.png', type: 'image/png' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().variants.large).toMatchObject({ width: 64, height: 64 });
  });
});
