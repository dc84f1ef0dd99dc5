import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { MyCompany } from '@app/shared/schemas/business';
import { createTestApp, insertUser, type TestApp } from '../../../test/app';
import { bearer, plainImage, upload } from '../../../test/kits/media';
import { companies, media } from '../../db/schema';

/**
 * A person's company: added once (every refusal is "Company addition error" with its reason),
 * read by its owner and as a public card, edited, removed with its images.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MAX: '100000' } });
});
afterAll(async () => t?.close());

const owner = async () => (await insertUser(t.database)).id;

async function call(userId: number | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const res = await t.app.inject({
    method,
    url: `/api/business${url}`,
    headers: userId ? await bearer(t, userId) : {},
    ...(payload && { payload }),
  });
  return { status: res.statusCode, body: res.body ? res.json() : null };
}

async function photo(userId: number): Promise<number> {
  const res = await upload(t, userId, {
    album: 'channel_photos',
    files: { data: await plainImage('png'), filename: 'logo.png', type: 'image/png' },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
}

const company = (name: string, extra: object = {}) => ({
  name,
  category: 'cafe',
  website: 'https://coffee.example.com',
  description: 'Coffee and cakes',
  place: { lat: 52.52, lng: 13.405 },
  ...extra,
});

describe('a person’s company', () => {
  it('is added once, read by its owner and by anyone as a card, with its logo and photos served publicly', async () => {
    const me = await owner();
    expect((await call(me, 'GET', '/company')).body).toEqual({ company: null, promotions: [] });
    const [logo, first, second] = [await photo(me), await photo(me), await photo(me)];

    const added = await call(
      me,
      'POST',
      '/company',
      company(`Bean ${me}`, { logoId: logo, photoIds: [first, second] }),
    );
    expect(added.status).toBe(200);
    const mine = added.body as MyCompany;
    expect(mine.company).toMatchObject({
      name: `Bean ${me}`,
      category: 'cafe',
      website: 'https://coffee.example.com',
      logo: { id: logo, url: `/api/media/image/${logo}` },
      photos: [{ id: first }, { id: second }],
      place: { lat: 52.52, lng: 13.405 },
    });
    const rows = await t.database.db.select().from(companies).where(eq(companies.ownerId, me));
    expect(rows).toHaveLength(1);

    const card = await call(null, 'GET', `/company/${mine.company!.id}`);
    expect(card.status).toBe(200);
    expect(card.body).toMatchObject({ name: `Bean ${me}`, description: 'Coffee and cakes', logo: { id: logo } });
    expect((await t.app.inject({ url: `/api/media/image/${logo}` })).statusCode).toBe(200);

    const again = await call(me, 'POST', '/company', company(`Second ${me}`));
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      code: 'COMPANY_ADDITION_ERROR',
      message: 'Company addition error',
      details: { reason: 'already_has_company' },
    });
    expect(await t.database.db.select().from(companies).where(eq(companies.ownerId, me))).toHaveLength(1);
  });

  it('refuses a taken name (any case), an invalid website, bad fields and someone else’s photo, storing nothing', async () => {
    const [first, other] = [await owner(), await owner()];
    expect((await call(first, 'POST', '/company', company(`Taken Name ${first}`))).status).toBe(200);
    const cases: [object, string][] = [
      [company(`TAKEN name ${first}`), 'name_taken'],
      [company(`Fresh ${other}`, { website: 'not a site' }), 'invalid_website'],
      [company(`Fresh ${other}`, { website: 'ftp://files.example.com' }), 'invalid_website'],
      [company('', { category: 'casino' }), 'invalid_fields'],
      [company(`Fresh ${other}`, { logoId: await photo(first) }), 'invalid_photo'],
    ];
    for (const [payload, reason] of cases) {
      const refused = await call(other, 'POST', '/company', payload);
      expect(refused.status, reason).toBe(400);
      expect(refused.body).toMatchObject({ code: 'COMPANY_ADDITION_ERROR', details: { reason } });
    }
    const invalid = await call(other, 'POST', '/company', company(`Fresh ${other}`, { website: 'nope' }));
    expect(invalid.body.fields).toEqual([expect.objectContaining({ path: 'website', key: 'msg.invalid-url' })]);
    expect(await t.database.db.select().from(companies).where(eq(companies.ownerId, other))).toHaveLength(0);
    expect((await call(null, 'POST', '/company', company('Anonymous'))).status).toBe(401);
  });

  it('is edited (a dropped photo and a replaced logo are deleted) and removed with its images', async () => {
    const me = await owner();
    const [logo, kept, dropped, newLogo] = [await photo(me), await photo(me), await photo(me), await photo(me)];
    const added = (
      await call(me, 'POST', '/company', company(`Edit ${me}`, { logoId: logo, photoIds: [kept, dropped] }))
    ).body as MyCompany;

    const edited = await call(
      me,
      'PUT',
      '/company',
      company(`Edited ${me}`, { category: 'shop', website: '', place: null, logoId: newLogo, photoIds: [kept] }),
    );
    expect(edited.status).toBe(200);
    expect(edited.body.company).toMatchObject({
      id: added.company!.id,
      name: `Edited ${me}`,
      category: 'shop',
      website: null,
      place: null,
      logo: { id: newLogo },
      photos: [{ id: kept }],
    });
    const deleted = async (id: number) =>
      (await t.database.db.select().from(media).where(eq(media.id, id)))[0]!.deletedAt !== null;
    expect(await deleted(dropped)).toBe(true);
    expect(await deleted(logo)).toBe(true);
    expect(await deleted(kept)).toBe(false);

    const other = await owner();
    await call(other, 'POST', '/company', company(`Other ${other}`));
    expect((await call(me, 'PUT', '/company', company(`other ${other}`))).body.code).toBe('COMPANY_NAME_TAKEN');

    expect((await call(me, 'DELETE', '/company')).status).toBe(204);
    expect((await call(me, 'GET', '/company')).body.company).toBeNull();
    expect(await deleted(kept)).toBe(true);
    expect(await deleted(newLogo)).toBe(true);
    expect((await call(null, 'GET', `/company/${added.company!.id}`)).status).toBe(404);
    expect((await call(me, 'DELETE', '/company')).body.code).toBe('COMPANY_NOT_FOUND');
    // A removed company frees the person to add another.
    expect((await call(me, 'POST', '/company', company(`Edit ${me}`))).status).toBe(200);
  });
});
