import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { formatPromocode } from '@app/shared/validation/rules';
import { newsListSchema } from '@app/shared/schemas/news';
import { cpaHits, news, referralHits, users } from '../db/schema';
import { createTestApp, insertUser, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://meet.example', RATE_LIMIT_AUTH_MAX: '1000' } });
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
    const visit = (fp: string) =>
      t.app.inject({ url: `/api/referral/track/${code}`, headers: { 'x-device-fingerprint': fp } });
    expect((await visit('visitor-aaaa-1')).json()).toEqual({ valid: true, counted: true });
    expect((await visit('visitor-aaaa-1')).json()).toEqual({ valid: true, counted: false });
    expect((await visit('visitor-bbbb-2')).json()).toEqual({ valid: true, counted: true });
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
