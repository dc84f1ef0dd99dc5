import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cpaLinkListSchema, cpaLinkSchema, type CpaLink } from '@app/shared/schemas/cpa';
import { cpaHits, cpaLinks, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/app';
import { until } from '../../../test/until';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://meet.example', RATE_LIMIT_AUTH_MAX: '1000' } });
});
afterAll(() => t.close());

const PASSWORD = 'Secret1';
let people = 0;

/** A registered person and their token (a fresh login after a role change, so the role applies). */
async function person(role?: 'admin'): Promise<{ id: number; token: string }> {
  const email = `partner-${++people}@example.com`;
  const registered = await t.app.inject({
    method: 'POST',
    url: '/api/user/register',
    payload: { email, password: PASSWORD },
  });
  const { user } = registered.json() as { token: string; user: { id: number } };
  if (!role) return { id: user.id, token: registered.json().token };
  await t.database.db.update(users).set({ role }).where(eq(users.id, user.id));
  const login = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password: PASSWORD } });
  return { id: user.id, token: login.json().token };
}

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });

async function createLink(token: string, payload: object = { name: 'Spring campaign', landing: '/l/meet' }) {
  const res = await call('POST', '/api/cpa/links', token, payload);
  expect(res.statusCode, res.body).toBe(200);
  return cpaLinkSchema.parse(res.json());
}

describe('partner links', () => {
  it('lists the landings a link can send people to', async () => {
    const res = await call('GET', '/api/cpa/landings');
    expect(res.json()).toEqual({ landings: ['/', '/l/meet', '/l/earn'] });
  });

  it('are created, listed, renamed and deleted by their owner, with the URL to share', async () => {
    const owner = await person();
    const link = await createLink(owner.token, {
      name: '  Spring campaign ',
      landing: '/l/meet',
      callbackUrl: 'https://tracker.example/postback?click={uid}&event={action}',
    });
    expect(link).toMatchObject({
      name: 'Spring campaign',
      landing: '/l/meet',
      callbackUrl: 'https://tracker.example/postback?click={uid}&event={action}',
      url: `https://meet.example/l/meet?cpa=${link.id}`,
      hits: 0,
      regs: 0,
    });
    // SPEC.md section 5: an empty callbackUrl means none.
    const plain = await createLink(owner.token, { name: 'Home', landing: '/', callbackUrl: '' });
    expect(plain).toMatchObject({ callbackUrl: null, url: `https://meet.example/?cpa=${plain.id}` });

    const listed = cpaLinkListSchema.parse((await call('GET', '/api/cpa/links', owner.token)).json());
    expect(listed.links.map((l) => l.id)).toEqual([plain.id, link.id]);

    const renamed = await call('PATCH', `/api/cpa/links/${link.id}`, owner.token, {
      name: 'Autumn',
      landing: '/l/earn',
      callbackUrl: null,
    });
    expect(renamed.json()).toMatchObject({ name: 'Autumn', landing: '/l/earn', callbackUrl: null });
    expect(renamed.json().url).toBe(`https://meet.example/l/earn?cpa=${link.id}`);

    expect((await call('DELETE', `/api/cpa/links/${link.id}`, owner.token)).json()).toEqual({ ok: true });
    const after = cpaLinkListSchema.parse((await call('GET', '/api/cpa/links', owner.token)).json());
    expect(after.links.map((l) => l.id)).toEqual([plain.id]);
    // The row stays for the link's history.
    const [kept] = await t.database.db.select().from(cpaLinks).where(eq(cpaLinks.id, link.id));
    expect(kept?.deletedAt).toBeInstanceOf(Date);
    expect((await call('PATCH', `/api/cpa/links/${link.id}`, owner.token, { name: 'Back' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/cpa/links/${link.id}`, owner.token)).statusCode).toBe(404);
  });

  it('refuse bad input with translated messages and change nothing', async () => {
    const owner = await person();
    const cases: [object, string, string][] = [
      [{ name: '', landing: '/' }, 'name', 'msg.required'],
      [{ name: 'x'.repeat(101), landing: '/' }, 'name', 'msg.max-length?n=100'],
      [{ name: 'Ok', landing: '/market' }, 'landing', 'msg.invalid-value'],
      [{ name: 'Ok', landing: '/', callbackUrl: 'javascript:alert(1)' }, 'callbackUrl', 'msg.invalid-url'],
      [{ name: 'Ok', landing: '/', callbackUrl: 'not a url' }, 'callbackUrl', 'msg.invalid-url'],
      [{ name: 'Ok', landing: '/', callbackUrl: 'ftp://files.example/x' }, 'callbackUrl', 'msg.invalid-url'],
    ];
    for (const [payload, path, key] of cases) {
      const res = await call('POST', '/api/cpa/links', owner.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(res.json().fields).toEqual(expect.arrayContaining([expect.objectContaining({ path, key })]));
    }
    const link = await createLink(owner.token);
    const empty = await call('PATCH', `/api/cpa/links/${link.id}`, owner.token, {});
    expect(empty.statusCode).toBe(400);
    const bad = await call('PATCH', `/api/cpa/links/${link.id}`, owner.token, { callbackUrl: 'http://' });
    expect(bad.statusCode).toBe(400);
    const list = cpaLinkListSchema.parse((await call('GET', '/api/cpa/links', owner.token)).json());
    expect(list.links).toEqual([link]);
  });

  it("need a signed-in person and stay their owner's: another person cannot list, edit or delete them", async () => {
    const owner = await person();
    const stranger = await person();
    const link = await createLink(owner.token);
    expect((await call('GET', '/api/cpa/links')).statusCode).toBe(401);
    expect((await call('POST', '/api/cpa/links', undefined, { name: 'x', landing: '/' })).statusCode).toBe(401);
    expect((await call('GET', `/api/cpa/links?userId=${owner.id}`, stranger.token)).statusCode).toBe(403);
    expect((await call('PATCH', `/api/cpa/links/${link.id}`, stranger.token, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/cpa/links/${link.id}`, stranger.token)).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(cpaLinks).where(eq(cpaLinks.id, link.id));
    expect(row).toMatchObject({ name: link.name, deletedAt: null });
    // Admins see anyone's links (the admin area's partner pages).
    const admin = await person('admin');
    const seen = await call('GET', `/api/cpa/links?userId=${owner.id}`, admin.token);
    expect(cpaLinkListSchema.parse(seen.json()).links.map((l) => l.id)).toEqual([link.id]);
  });
});

describe('partner attribution', () => {
  let partner: { id: number; token: string };
  let link: CpaLink;
  beforeAll(async () => {
    partner = await person();
    link = await createLink(partner.token);
  });

  const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/147.0 Safari/537.36';
  const hit = (linkId: number | string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/cpa/hits',
      headers: { 'x-cpa': String(linkId), 'user-agent': BROWSER, ...headers },
    });

  it('counts a partner hit once per visitor with the click id, and shows it on the link', async () => {
    const visit = () => hit(link.id, { 'x-cpa-uid': 'click-1', 'x-device-fingerprint': 'partner-visitor-1' });
    expect((await visit()).json()).toEqual({ counted: true });
    expect((await visit()).json()).toEqual({ counted: false });
    const rows = await t.database.db.select().from(cpaHits).where(eq(cpaHits.linkId, link.id));
    expect(rows).toEqual([expect.objectContaining({ partnerUid: 'click-1', visitor: 'fp:partner-visitor-1' })]);
    expect((await t.app.inject({ method: 'POST', url: '/api/cpa/hits' })).json().code).toBe('VALIDATION_ERROR');
  });

  it('a rotated visitor id from one browser makes one partner hit a day', async () => {
    const other = await createLink((await person()).token);
    const visit = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/cpa/hits',
        headers: { 'x-cpa': String(other.id), 'user-agent': `${BROWSER} Rotating/1`, ...headers },
        remoteAddress: '203.0.113.30',
      });
    expect((await visit({ 'x-device-fingerprint': 'partner-rot-01' })).json()).toEqual({ counted: true });
    expect((await visit({ 'x-device-fingerprint': 'partner-rot-02' })).json()).toEqual({ counted: false });
    // Without any fingerprint, the same.
    expect((await visit({})).json()).toEqual({ counted: false });
    expect(await t.database.db.select().from(cpaHits).where(eq(cpaHits.linkId, other.id))).toHaveLength(1);
  });

  it('stores nothing for a link that was never issued or was deleted', async () => {
    const owner = await person();
    const gone = await createLink(owner.token);
    await call('DELETE', `/api/cpa/links/${gone.id}`, owner.token);
    for (const id of [gone.id, 999_999]) {
      expect((await hit(id, { 'x-device-fingerprint': 'partner-visitor-2' })).json()).toEqual({ counted: false });
      expect(await t.database.db.select().from(cpaHits).where(eq(cpaHits.linkId, id))).toHaveLength(0);
      const email = `unknown-link-${id}@example.com`;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/register',
        headers: { 'x-cpa': String(id), 'x-cpa-uid': 'click-x' },
        payload: { email, password: PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
      expect(row).toMatchObject({ cpaLinkId: null, cpaUid: null });
    }
  });

  it('stores no partner link for an x-cpa that is not a well-formed link id', async () => {
    for (const [i, value] of ['abc', '0', '-5', '1234567890', '12 34', '1e3'].entries()) {
      const email = `bad-partner-${i}@example.com`;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/register',
        headers: { 'x-cpa': value, 'x-cpa-uid': 'click-x' },
        payload: { email, password: PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
      expect(row).toMatchObject({ cpaLinkId: null, cpaUid: null });
    }
    for (const value of ['abc', '0', '1234567890']) {
      expect((await hit(value)).json().code).toBe('VALIDATION_ERROR');
    }
  });

  it('binds a registration to the live partner link of its headers, counted as a reg on the link', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: { 'x-cpa': String(link.id), 'x-cpa-uid': 'click-9' },
      payload: { email: 'from-partner@example.com', password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'from-partner@example.com'));
    expect(row).toMatchObject({ cpaLinkId: link.id, cpaUid: 'click-9' });
    // The registration is attributed from its domain event.
    const bound = await until(async () => {
      await t.services.events.relay();
      const listed = cpaLinkListSchema.parse((await call('GET', '/api/cpa/links', partner.token)).json()).links[0];
      return listed?.regs === 1 ? listed : undefined;
    });
    expect(bound).toMatchObject({ id: link.id, hits: 1, regs: 1 });
  });
});
