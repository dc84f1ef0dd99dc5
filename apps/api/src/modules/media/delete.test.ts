import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, insertUser, type TestApp } from '../../../test/app';
import { users } from '../../db/schema';
import { bearer, cameraPhoto, jpegFile, mediaRowsOf, storedFiles, upload, userFiles } from '../../../test/kits/media';

describe('DELETE /api/media/:id', () => {
  let t: TestApp;
  let photo: Buffer;
  beforeAll(async () => {
    t = await createTestApp();
    photo = await cameraPhoto(600, 400);
  });
  afterAll(() => t.close());

  const remove = async (userId: number, id: number) =>
    t.app.inject({ method: 'DELETE', url: `/api/media/${id}`, headers: await bearer(t, userId) });

  it('clears the avatar, marks the row deleted and removes the files', async () => {
    const user = await insertUser(t.database);
    const { id } = (await upload(t, user.id, { album: 'profile_photos', files: jpegFile(photo) })).json();
    const res = await remove(user.id, id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    const me = await t.app.inject({ url: '/api/user/me', headers: await bearer(t, user.id) });
    expect(me.json().profile.avatar).toBeNull();
    const [row] = await mediaRowsOf(t, user.id);
    expect(row!.deletedAt).toBeInstanceOf(Date);
    expect(storedFiles(t, row!.storageKey)).toEqual([]);
    expect(userFiles(t, user.id)).toEqual([]);
    expect((await remove(user.id, id)).json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });

  it("answers FORBIDDEN for someone else's media and changes nothing", async () => {
    const owner = await insertUser(t.database);
    const stranger = await insertUser(t.database);
    const { id, url } = (await upload(t, owner.id, { album: 'profile_photos', files: jpegFile(photo) })).json();
    const res = await remove(stranger.id, id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, owner.id));
    expect(row!.avatarMediaId).toBe(id);
    expect((await mediaRowsOf(t, owner.id))[0]!.deletedAt).toBeNull();
    expect((await t.app.inject(url)).statusCode).toBe(200);
  });

  it('answers NOT_FOUND for unknown media and 401 without sign-in', async () => {
    const user = await insertUser(t.database);
    expect((await remove(user.id, 999999)).json()).toMatchObject({ code: 'NOT_FOUND' });
    const anonymous = await t.app.inject({ method: 'DELETE', url: '/api/media/1' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('keeps the avatar when a photo that is no longer the avatar is deleted', async () => {
    const user = await insertUser(t.database);
    const first = (await upload(t, user.id, { album: 'profile_photos', files: jpegFile(photo) })).json();
    // Sets the avatar back by hand, as if the first photo were an older album entry.
    await t.database.db.update(users).set({ avatarMediaId: null }).where(eq(users.id, user.id));
    const second = (await upload(t, user.id, { album: 'profile_photos', files: jpegFile(photo) })).json();
    expect((await remove(user.id, first.id)).statusCode).toBe(204);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.avatarMediaId).toBe(second.id);
  });

  it('leaves one consistent state when an upload and a delete race', async () => {
    const user = await insertUser(t.database);
    const first = (await upload(t, user.id, { album: 'profile_photos', files: jpegFile(photo) })).json();
    const [uploaded, deleted] = await Promise.all([
      upload(t, user.id, { album: 'profile_photos', files: jpegFile(photo) }),
      remove(user.id, first.id),
    ]);
    expect(uploaded.statusCode).toBe(201);
    // Whichever ran second found the first photo already deleted or replaced.
    expect([204, 404]).toContain(deleted.statusCode);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.avatarMediaId).toBe(uploaded.json().id);
    const rows = await mediaRowsOf(t, user.id);
    expect(rows.filter((r) => r.deletedAt === null).map((r) => r.id)).toEqual([uploaded.json().id]);
    expect(userFiles(t, user.id)).toHaveLength(3);
  });
});
