import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { NFT_TYPE } from '@app/shared/constants';
import { meSchema } from '@app/shared/schemas/user';
import { kycApplications } from '../../db/schema';
import { createTestApp, insertUser, type TestApp } from '../../../test/app';

describe('GET /api/user/me', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('returns the signed-in user with profile', async () => {
    const user = await insertUser(t.database, {
      email: 'me@example.com',
      firstName: 'Anna',
      lastName: 'Petrova',
      domain: 'anna',
      gender: 1,
      birthday: new Date('1990-03-05T00:00:00Z'),
    });
    const res = await t.app.inject({
      url: '/api/user/me',
      headers: { authorization: `Bearer ${await t.app.tokens.sign(user.id)}` },
    });
    expect(res.statusCode).toBe(200);
    const me = meSchema.parse(res.json());
    expect(me).toMatchObject({
      id: user.id,
      email: 'me@example.com',
      role: 'user',
      emailVerified: false,
      profile: {
        firstName: 'Anna',
        lastName: 'Petrova',
        domain: 'anna',
        gender: 1,
        bdate: '1990-03-05T00:00:00.000Z',
        avatar: null,
      },
    });
    expect(res.json()).not.toHaveProperty('passwordHash');
  });

  it('carries the blue checkmark only while KYC is approved', async () => {
    const user = await insertUser(t.database, { email: 'checked@example.com' });
    const me = async () =>
      meSchema.parse(
        (
          await t.app.inject({
            url: '/api/user/me',
            headers: { authorization: `Bearer ${await t.app.tokens.sign(user.id)}` },
          })
        ).json(),
      ).verified;
    expect(await me()).toBe(false);
    const [application] = await t.database.db
      .insert(kycApplications)
      .values({ userId: user.id, status: 'requested', requestedType: NFT_TYPE.GOLD })
      .returning();
    expect(await me()).toBe(false);
    await t.database.db
      .update(kycApplications)
      .set({ status: 'approved', maxNftType: NFT_TYPE.GOLD })
      .where(eq(kycApplications.id, application!.id));
    expect(await me()).toBe(true);
    await t.database.db
      .update(kycApplications)
      .set({ status: 'rejected', maxNftType: null, revoked: true })
      .where(eq(kycApplications.id, application!.id));
    expect(await me()).toBe(false);
  });

  it('answers 401 without a valid token', async () => {
    expect((await t.app.inject('/api/user/me')).statusCode).toBe(401);
    const res = await t.app.inject({ url: '/api/user/me', headers: { authorization: 'Bearer broken' } });
    expect(res.json()).toMatchObject({ statusCode: 401, code: 'TOKEN_INVALID' });
  });
});
