import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { formatPromocode } from '@app/shared/validation/rules';
import { newsListSchema } from '@app/shared/schemas/news';
import { cpaHits, news, referralHits, users } from '../db/schema';
import { createTestApp, insertUser, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { PUBLIC_URL: 'https://meet.example', RATE_LIMIT_AUTH_MAX: '1000', CLOCK_CONTROL: 'true' },
  });
});
afterAll(() => t.close());

describe('GET /api/notif/news/', () => {
  it('lists published news only, newest first, in both languages, paged', async () => {
    await t.database.db.insert(news).values([
      {
        status: 'PUBLISHED',
        titleEn: 'Old',
        titleRu: 'Старая',
        bodyEn: 'a',
        bodyRu: 'а',
        publishedAt: new Date('2026-01-01'),
      },
      { status: 'DRAFT', titleEn: 'Draft', titleRu: 'Черновик', bodyEn: 'b', bodyRu: 'б' },
      {
        status: 'PUBLISHED',
        titleEn: 'New',
        titleRu: 'Новая',
        bodyEn: 'c',
        bodyRu: 'в',
        publishedAt: new Date('2026-11-01'),
      },
    ]);
    const res = await t.app.inject('/api/notif/news/');
    expect(res.statusCode).toBe(200);
    const list = newsListSchema.parse(res.json());
    expect(list.total).toBe(2);
    expect(list.items.map((i) => i.title.en)).toEqual(['New', 'Old']);
    expect(list.items[0]).toMatchObject({ title: { ru: 'Новая' }, status: 'PUBLISHED', image: null });
    const page = newsListSchema.parse((await t.app.inject('/api/notif/news/?offset=1&limit=1')).json());
    expect(page.items.map((i) => i.title.en)).toEqual(['Old']);
    expect((await t.app.inject('/api/notif/news/?limit=500')).json().code).toBe('VALIDATION_ERROR');
  });
});

describe('GET /api/referral/track/{code}', () => {
  it('counts a visit once per visitor and tells whether the code belongs to someone', async () => {
    const referrer = await insertUser(t.database);
    const code = formatPromocode(referrer.id);
    const visit = (fp: string, remoteAddress = '198.51.100.1') =>
      t.app.inject({ url: `/api/referral/track/${code}`, headers: { 'x-device-fingerprint': fp }, remoteAddress });
    expect((await visit('visitor-aaaa-1')).json()).toEqual({ valid: true, counted: true });
    expect((await visit('visitor-aaaa-1')).json()).toEqual({ valid: true, counted: false });
    expect((await visit('visitor-bbbb-2', '198.51.100.2')).json()).toEqual({ valid: true, counted: true });
    const rows = await t.database.db.select().from(referralHits).where(eq(referralHits.referrerId, referrer.id));
    expect(rows).toHaveLength(2);
    expect((await t.app.inject('/api/referral/track/EEEFFFFFF')).json()).toEqual({ valid: false, counted: false });
    expect((await t.app.inject('/api/referral/track/hello')).json().code).toBe('VALIDATION_ERROR');
  });

  it('without a fingerprint counts the address, never storing it', async () => {
    const referrer = await insertUser(t.database);
    await t.app.inject({ url: `/api/referral/track/${formatPromocode(referrer.id)}`, remoteAddress: '203.0.113.7' });
    const [row] = await t.database.db.select().from(referralHits).where(eq(referralHits.referrerId, referrer.id));
    expect(row!.visitor).toMatch(/^ip:[0-9a-f]{32}$/);
    expect(row!.visitor).not.toContain('203.0.113.7');
    expect(row!.origin).toMatch(/^[0-9a-f]{32}$/);
  });

  it('a browser rotating its fingerprint counts once a day: the server signs address, agent and day', async () => {
    const referrer = await insertUser(t.database);
    const visit = (fp: string, agent = 'Browser/1') =>
      t.app.inject({
        url: `/api/referral/track/${formatPromocode(referrer.id)}`,
        headers: { 'x-device-fingerprint': fp, 'user-agent': agent },
        remoteAddress: '203.0.113.20',
      });
    expect((await visit('rotating-0001')).json()).toEqual({ valid: true, counted: true });
    for (let i = 2; i <= 5; i++) expect((await visit(`rotating-000${i}`)).json().counted).toBe(false);
    // Another browser at the same address is another visitor.
    expect((await visit('rotating-0006', 'Browser/2')).json().counted).toBe(true);
    // The next day the same browser with a new id counts again, once.
    t.app.clock.advance(24 * 3_600_000);
    expect((await visit('rotating-0007')).json().counted).toBe(true);
    expect((await visit('rotating-0008')).json().counted).toBe(false);
    const rows = await t.database.db.select().from(referralHits).where(eq(referralHits.referrerId, referrer.id));
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => !row.origin!.includes('203.0.113.20'))).toBe(true);
  });
});

describe('partner attribution', () => {
  it('counts a partner hit once per visitor with the click id', async () => {
    const hit = (fp: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/cpa/hits',
        headers: { 'x-cpa': '77', 'x-cpa-uid': 'click-1', 'x-device-fingerprint': fp },
      });
    expect((await hit('partner-visitor-1')).json()).toEqual({ counted: true });
    expect((await hit('partner-visitor-1')).json()).toEqual({ counted: false });
    const rows = await t.database.db.select().from(cpaHits).where(eq(cpaHits.linkId, 77));
    expect(rows).toEqual([expect.objectContaining({ partnerUid: 'click-1', visitor: 'fp:partner-visitor-1' })]);
    expect((await t.app.inject({ method: 'POST', url: '/api/cpa/hits' })).json().code).toBe('VALIDATION_ERROR');
  });

  it('a rotated visitor id from one browser makes one partner hit a day', async () => {
    const hit = (fp: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/cpa/hits',
        headers: { 'x-cpa': '78', 'x-device-fingerprint': fp, 'user-agent': 'Bot/1' },
        remoteAddress: '203.0.113.30',
      });
    expect((await hit('partner-rot-01')).json()).toEqual({ counted: true });
    expect((await hit('partner-rot-02')).json()).toEqual({ counted: false });
    // Without any fingerprint, the same.
    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/cpa/hits',
      headers: { 'x-cpa': '78', 'user-agent': 'Bot/1' },
      remoteAddress: '203.0.113.30',
    });
    expect(bare.json()).toEqual({ counted: false });
    expect(await t.database.db.select().from(cpaHits).where(eq(cpaHits.linkId, 78))).toHaveLength(1);
  });

  it('stores no partner link for an x-cpa that is not a well-formed link id', async () => {
    for (const [i, value] of ['abc', '0', '-5', '1234567890', '12 34', '1e3'].entries()) {
      const email = `bad-partner-${i}@example.com`;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/register',
        headers: { 'x-cpa': value, 'x-cpa-uid': 'click-x' },
        payload: { email, password: 'Secret1' },
      });
      expect(res.statusCode).toBe(200);
      const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
      expect(row).toMatchObject({ cpaLinkId: null, cpaUid: null });
    }
    for (const value of ['abc', '0', '1234567890']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/cpa/hits', headers: { 'x-cpa': value } });
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it('attributes a registration to the partner link of its headers', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: { 'x-cpa': '77', 'x-cpa-uid': 'click-9' },
      payload: { email: 'from-partner@example.com', password: 'Secret1' },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'from-partner@example.com'));
    expect(row).toMatchObject({ cpaLinkId: 77, cpaUid: 'click-9' });
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('lists every public page in both languages with hreflang alternates', async () => {
    const res = await t.app.inject('/sitemap.xml');
    expect(res.headers['content-type']).toContain('application/xml');
    const xml = res.body;
    for (const path of ['/', '/help/faq', '/terms', '/privacy', '/support', '/affiliates', '/meet-and-play']) {
      expect(xml).toContain(`<loc>https://meet.example${path}?lang=en</loc>`);
      expect(xml).toContain(`<loc>https://meet.example${path}?lang=ru</loc>`);
    }
    expect(xml).toContain('hreflang="ru" href="https://meet.example/help/faq?lang=ru"');
    expect(xml).toContain('hreflang="x-default" href="https://meet.example/help/faq"');
    expect(xml).not.toContain('/account');
  });

  it('robots.txt keeps private areas out and points at the sitemap', async () => {
    const body = (await t.app.inject('/robots.txt')).body;
    expect(body).toContain('User-agent: *');
    expect(body).toContain('Disallow: /account');
    expect(body).toContain('Disallow: /api/');
    expect(body).toContain('Sitemap: https://meet.example/sitemap.xml');
  });
});
