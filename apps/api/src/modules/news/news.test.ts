import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { newsAdminItemSchema, newsAdminListSchema, newsListSchema, type NewsSave } from '@app/shared/schemas/news';
import { createTestApp, type TestApp } from '../../../test/app';
import { call } from '../../../test/kits/cpa';
import { jpegFile, plainImage, upload } from '../../../test/kits/media';
import { auditLog, media, users } from '../../db/schema';

const ENV = { RATE_LIMIT_AUTH_MAX: '10000', RATE_LIMIT_MAX: '10000' };

interface Account {
  id: number;
  token: string;
}

let t: TestApp;
let admin: Account;
let moderator: Account;
let user: Account;
let people = 0;

/** A registered account with a role, signed in after the role was set (the token carries it). */
async function account(role: 'user' | 'moderator' | 'admin'): Promise<Account> {
  const email = `news-${role}-${++people}-${Date.now()}@example.com`;
  const registered = await call(t, 'POST', '/api/user/register', undefined, { email, password: 'Secret1' });
  const id = (registered.json() as { user: { id: number } }).user.id;
  if (role !== 'user') await t.database.db.update(users).set({ role }).where(eq(users.id, id));
  const login = await call(t, 'POST', '/api/user/login', undefined, { email, password: 'Secret1' });
  return { id, token: login.json().token };
}

beforeAll(async () => {
  t = await createTestApp({ env: ENV });
  [admin, moderator, user] = [await account('admin'), await account('moderator'), await account('user')];
}, 60_000);
afterAll(() => t?.close());

const draft = (over: Partial<NewsSave> = {}): NewsSave => ({
  title: { en: 'Platinum queue opens', ru: 'Открыта очередь Platinum' },
  markdown: { en: 'Join **today**.', ru: 'Вставайте в очередь **сегодня**.' },
  imageMediaId: null,
  ...over,
});

async function create(over: Partial<NewsSave> = {}) {
  const res = await call(t, 'POST', '/api/notif/news/', admin.token, draft(over));
  expect(res.statusCode, res.body).toBe(201);
  return newsAdminItemSchema.parse(res.json());
}

const auditOf = (id: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'news'), eq(auditLog.targetId, String(id))))
    .orderBy(asc(auditLog.id));

async function newsImage(by: Account) {
  return upload(t, by.id, { album: 'news', files: jpegFile(await plainImage('jpeg', 1600, 900), 'news.jpg') });
}

describe('news in the admin area', () => {
  it('refuses every staff call to a user and a moderator, and to nobody signed in', async () => {
    const item = await create();
    const calls = [
      ['POST', '/api/notif/news/', draft()],
      ['POST', '/api/notif/news/', draft({ id: item.id })],
      ['GET', '/api/notif/news/staff'],
      ['GET', `/api/notif/news/${item.id}`],
      ['POST', '/api/notif/news/preview', { markdown: { en: 'a', ru: 'б' } }],
      ['POST', `/api/notif/news/${item.id}/publish`],
      ['POST', `/api/notif/news/${item.id}/unpublish`],
      ['DELETE', `/api/notif/news/${item.id}`],
    ] as const;
    for (const [method, url, payload] of calls) {
      expect((await call(t, method, url, user.token, payload)).json().code, `${method} ${url}`).toBe('FORBIDDEN');
      expect((await call(t, method, url, moderator.token, payload)).json().code, `${method} ${url}`).toBe('FORBIDDEN');
      expect((await call(t, method, url, undefined, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await newsImage(user)).json().code).toBe('FORBIDDEN');
    expect((await newsImage(moderator)).json().code).toBe('FORBIDDEN');
    // Nothing changed: still the draft as written, and no audit row but its creation.
    const read = newsAdminItemSchema.parse((await call(t, 'GET', `/api/notif/news/${item.id}`, admin.token)).json());
    expect(read).toMatchObject({ status: 'DRAFT', title: draft().title, markdown: draft().markdown });
    expect((await auditOf(item.id)).map((row) => row.action)).toEqual(['news.create']);
  });

  it('adds, edits, publishes, unpublishes and deletes an item with an image, each audit-logged', async () => {
    const uploaded = await newsImage(admin);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const imageId = uploaded.json().id as number;

    const item = await create({ imageMediaId: imageId });
    expect(item).toMatchObject({
      status: 'DRAFT',
      publishedAt: null,
      imageMediaId: imageId,
      image: `/api/media/image/${imageId}/large`,
      body: { en: '<p>Join <strong>today</strong>.</p>' },
    });
    expect(uploaded.json().url).toBe(`/api/media/image/${imageId}`);
    expect((await t.app.inject(uploaded.json().url)).statusCode).toBe(200);
    const picture = await t.app.inject(item.image!);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    expect(newsListSchema.parse((await t.app.inject('/api/notif/news/')).json()).items.map((i) => i.id)).not.toContain(
      item.id,
    );

    const edited = await call(t, 'POST', '/api/notif/news/', admin.token, {
      ...draft({ imageMediaId: imageId }),
      id: item.id,
      title: { en: 'Platinum queue is open', ru: 'Очередь Platinum открыта' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ id: item.id, title: { en: 'Platinum queue is open' } });

    const published = await call(t, 'POST', `/api/notif/news/${item.id}/publish`, admin.token);
    expect(published.json()).toMatchObject({ status: 'PUBLISHED' });
    expect(published.json().publishedAt).not.toBeNull();
    const homeAnswer = await t.app.inject('/api/notif/news/');
    expect(homeAnswer.headers['cache-control']).toBe('no-cache');
    const home = newsListSchema.parse(homeAnswer.json());
    expect(home.items[0]).toMatchObject({
      id: item.id,
      title: { en: 'Platinum queue is open', ru: 'Очередь Platinum открыта' },
      body: { ru: '<p>Вставайте в очередь <strong>сегодня</strong>.</p>' },
    });
    // Publishing again changes nothing and writes nothing.
    expect((await call(t, 'POST', `/api/notif/news/${item.id}/publish`, admin.token)).statusCode).toBe(200);

    const staffList = newsAdminListSchema.parse(
      (await call(t, 'GET', '/api/notif/news/staff?status=PUBLISHED', admin.token)).json(),
    );
    expect(staffList.items.every((i) => i.status === 'PUBLISHED')).toBe(true);
    expect(staffList.items.map((i) => i.id)).toContain(item.id);
    const drafts = newsAdminListSchema.parse(
      (await call(t, 'GET', '/api/notif/news/staff?status=DRAFT', admin.token)).json(),
    );
    expect(drafts.items.map((i) => i.id)).not.toContain(item.id);
    expect((await call(t, 'GET', '/api/notif/news/staff?status=GONE', admin.token)).json().code).toBe(
      'VALIDATION_ERROR',
    );

    const unpublished = await call(t, 'POST', `/api/notif/news/${item.id}/unpublish`, admin.token);
    expect(unpublished.json()).toMatchObject({ status: 'DRAFT' });
    expect(newsListSchema.parse((await t.app.inject('/api/notif/news/')).json()).items.map((i) => i.id)).not.toContain(
      item.id,
    );

    expect((await call(t, 'DELETE', `/api/notif/news/${item.id}`, admin.token)).statusCode).toBe(204);
    expect((await call(t, 'GET', `/api/notif/news/${item.id}`, admin.token)).json().code).toBe('NOT_FOUND');
    expect((await call(t, 'DELETE', `/api/notif/news/${item.id}`, admin.token)).json().code).toBe('NOT_FOUND');
    // The image went with the item.
    const [image] = await t.database.db.select().from(media).where(eq(media.id, imageId));
    expect(image!.deletedAt).not.toBeNull();
    expect((await t.app.inject(item.image!)).statusCode).toBe(404);

    const audit = await auditOf(item.id);
    expect(audit.map((row) => row.action)).toEqual([
      'news.create',
      'news.update',
      'news.publish',
      'news.unpublish',
      'news.delete',
    ]);
    expect(audit.every((row) => row.actorId === admin.id && row.actorRole === 'admin' && row.requestId)).toBe(true);
    expect(audit[1]).toMatchObject({
      before: { titleEn: 'Platinum queue opens', titleRu: 'Открыта очередь Platinum' },
      after: { titleEn: 'Platinum queue is open', titleRu: 'Очередь Platinum открыта' },
    });
    expect(audit[2]).toMatchObject({ before: { status: 'DRAFT', publishedAt: null }, after: { status: 'PUBLISHED' } });
    expect(audit[4]).toMatchObject({ before: { status: 'DRAFT', imageMediaId: imageId }, after: null });
  });

  it('replacing the image drops the old one; an image of another album is refused', async () => {
    const first = (await newsImage(admin)).json().id as number;
    const second = (await newsImage(admin)).json().id as number;
    const item = await create({ imageMediaId: first });
    await call(t, 'POST', '/api/notif/news/', admin.token, draft({ id: item.id, imageMediaId: second }));
    const [old] = await t.database.db.select().from(media).where(eq(media.id, first));
    expect(old!.deletedAt).not.toBeNull();
    // One picture on two items stays until neither shows it.
    const twin = await create({ imageMediaId: second });
    await call(t, 'DELETE', `/api/notif/news/${item.id}`, admin.token);
    expect((await t.app.inject(`/api/media/image/${second}`)).statusCode).toBe(200);
    await call(t, 'DELETE', `/api/notif/news/${twin.id}`, admin.token);
    expect((await t.app.inject(`/api/media/image/${second}`)).statusCode).toBe(404);

    const avatar = (
      await upload(t, admin.id, { album: 'profile_photos', files: jpegFile(await plainImage('jpeg')) })
    ).json().id as number;
    const refused = await call(t, 'POST', '/api/notif/news/', admin.token, draft({ imageMediaId: avatar }));
    expect(refused.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(refused.json().fields[0]).toMatchObject({ path: 'imageMediaId' });
    // A profile photo is not served as a news image, nor the other way round.
    expect((await t.app.inject(`/api/media/image/${avatar}/large`)).statusCode).toBe(404);
    expect((await t.app.inject(`/api/media/avatar/${second}`)).statusCode).toBe(404);
  });

  it('refuses an empty or too long title or body with translated keys, and changes nothing', async () => {
    const before = newsAdminListSchema.parse((await call(t, 'GET', '/api/notif/news/staff', admin.token)).json());
    const empty = await call(t, 'POST', '/api/notif/news/', admin.token, {
      title: { en: ' ', ru: 'Заголовок' },
      markdown: { en: 'Body', ru: '' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'title.en', key: 'msg.required' }),
        expect.objectContaining({ path: 'markdown.ru', key: 'msg.required' }),
      ]),
    );
    const long = await call(
      t,
      'POST',
      '/api/notif/news/',
      admin.token,
      draft({ title: { en: 'x'.repeat(201), ru: 'я' } }),
    );
    expect(long.json().fields[0]).toMatchObject({ path: 'title.en', key: 'msg.max-length?n=200' });
    const after = newsAdminListSchema.parse((await call(t, 'GET', '/api/notif/news/staff', admin.token)).json());
    expect(after.total).toBe(before.total);
  });

  it('sanitises the Markdown: no scripts, event handlers or javascript: links reach the page', async () => {
    const hostile = [
      '# Big news',
      '<script>alert(1)</script>',
      '<img src=x onerror="alert(2)">',
      '[click](javascript:alert(3)) and <a href="javascript:alert(4)" onclick="alert(5)">there</a>',
      '<iframe src="https://evil.example"></iframe><style>body{display:none}</style>',
      '[site](https://example.com) <b onmouseover="alert(6)">bold</b>',
    ].join('\n\n');
    const item = await create({ markdown: { en: hostile, ru: hostile } });
    await call(t, 'POST', `/api/notif/news/${item.id}/publish`, admin.token);
    const shown = newsListSchema
      .parse((await t.app.inject('/api/notif/news/')).json())
      .items.find((i) => i.id === item.id)!;
    const preview = await call(t, 'POST', '/api/notif/news/preview', admin.token, {
      markdown: { en: hostile, ru: '' },
    });
    for (const html of [shown.body.en, shown.body.ru, preview.json().body.en as string]) {
      expect(html).not.toMatch(/<script|alert\(1\)|onerror|onclick|onmouseover|javascript:|<iframe|<style|<img/i);
      expect(html).toContain('<h3>Big news</h3>');
      expect(html).toContain(
        '<a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">site</a>',
      );
      expect(html).toContain('bold');
    }
    // The source is kept as written, for the editor.
    const read = newsAdminItemSchema.parse((await call(t, 'GET', `/api/notif/news/${item.id}`, admin.token)).json());
    expect(read.markdown.en).toBe(hostile);
    await call(t, 'DELETE', `/api/notif/news/${item.id}`, admin.token);
  });
});
