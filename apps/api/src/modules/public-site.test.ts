import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { formatPromocode } from '@app/shared/validation/rules';
import { newsListSchema } from '@app/shared/schemas/news';
import { news, referralHits } from '../db/schema';
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
    t.services.clock.advance(24 * 3_600_000);
    expect((await visit('rotating-0007')).json().counted).toBe(true);
    expect((await visit('rotating-0008')).json().counted).toBe(false);
    const rows = await t.database.db.select().from(referralHits).where(eq(referralHits.referrerId, referrer.id));
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => !row.origin!.includes('203.0.113.20'))).toBe(true);
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
