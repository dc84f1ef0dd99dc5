import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { media, users } from '../../db/schema';
import { createTestApp, insertUser, type TestApp } from '../../../test/app';

/**
 * Someone else's profile and photos: only for a signed-in person, and a stranger sees what the
 * map card shows (nickname, first name, age, current photo). The person and staff see it all.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const headersOf = async (userId: number) => ({ authorization: `Bearer ${await t.app.tokens.sign(userId)}` });
const get = async (url: string, viewerId?: number) =>
  t.app.inject({ method: 'GET', url, headers: viewerId ? await headersOf(viewerId) : {} });

async function photo(userId: number) {
  const [row] = await t.database.db
    .insert(media)
    .values({ userId, album: 'profile_photos', storageKey: `k${userId}-${Math.random()}`, variants: {} })
    .returning();
  return row!.id;
}

async function person() {
  const user = await insertUser(t.database, {
    firstName: 'Olga',
    lastName: 'Petrova',
    domain: `olga${Math.random().toString(36).slice(2, 8)}`,
    gender: 1,
    birthday: new Date('1990-01-01T00:00:00Z'),
    emailVerifiedAt: new Date(),
  });
  const older = await photo(user.id);
  const current = await photo(user.id);
  await t.database.db.update(users).set({ avatarMediaId: current }).where(eq(users.id, user.id));
  return { id: user.id, older, current };
}

describe('GET /api/user/profile/{id} and the profile photo album', () => {
  it('answer nobody without a token', async () => {
    const owner = await person();
    for (const url of [`/api/user/profile/${owner.id}`, `/api/media/album/profile_photos?userId=${owner.id}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().code).toBe('AUTH_REQUIRED');
    }
  });

  it('show a stranger only the map card: no last name, gender, dates or older photos', async () => {
    const owner = await person();
    const stranger = await insertUser(t.database);
    const profile = (await get(`/api/user/profile/${owner.id}`, stranger.id)).json();
    expect(profile).toEqual({
      id: owner.id,
      domain: expect.stringMatching(/^olga/),
      firstName: 'Olga',
      lastName: null,
      gender: null,
      age: expect.any(Number),
      avatar: `/api/media/avatar/${owner.current}`,
      verified: false,
      emailVerified: null,
      createdAt: null,
    });
    const album = (await get(`/api/media/album/profile_photos?userId=${owner.id}`, stranger.id)).json();
    expect(album.items.map((i: { id: number }) => i.id)).toEqual([owner.current]);
  });

  it('show the person and staff everything', async () => {
    const owner = await person();
    const moderator = await insertUser(t.database, { role: 'moderator' });
    for (const viewer of [owner.id, moderator.id]) {
      const profile = (await get(`/api/user/profile/${owner.id}`, viewer)).json();
      expect(profile).toMatchObject({ lastName: 'Petrova', gender: 1, emailVerified: true });
      expect(profile.createdAt).toEqual(expect.any(String));
      const album = (await get(`/api/media/album/profile_photos?userId=${owner.id}`, viewer)).json();
      expect(album.items.map((i: { id: number }) => i.id).sort()).toEqual([owner.older, owner.current].sort());
    }
  });
});
