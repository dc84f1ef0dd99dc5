import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { isProfileComplete, meSchema } from '@app/shared/schemas/user';
import { providerSignInResultSchema } from '@app/shared/schemas/provider-sign-in';
import { oidcStates, userIdentities, users } from '../../db/schema';
import { createTestApp, insertUser, type TestApp } from '../../../test/app';
import { signInAtProvider, startOidcProvider, type TestOidcProvider } from '../../../test/oidc-provider';

// Nothing listens here: app.inject plays the browser on our side, fetch on the provider's side.
const PUBLIC_URL = 'http://127.0.0.1:4999';
const CALLBACK = `${PUBLIC_URL}/api/user/apple/callback`;
const ERROR_PAGE = '/apple-login?error=PROVIDER_SIGN_IN_FAILED';

let provider: TestOidcProvider;
let t: TestApp;
let sequence = 0;
/** A login name (the provider's `sub`) no other test uses. */
const person = (name: string) => `${name}-${(sequence += 1)}-${Date.now()}`;

beforeAll(async () => {
  provider = await startOidcProvider({ redirectUri: CALLBACK });
  t = await createTestApp({
    env: {
      PUBLIC_URL,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      RATE_LIMIT_AUTH_MAX: '1000',
      ADMIN_EMAILS: 'first-admin@example.com,Boss-Admin@Example.com',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

/** The sign-in button: a browser navigation to the start route. */
async function start(returnTo?: string) {
  const res = await t.app.inject({
    url: '/api/user/apple',
    query: returnTo === undefined ? {} : { returnTo },
    headers: { accept: 'text/html,application/xhtml+xml' },
  });
  expect(res.statusCode).toBe(302);
  const cookie = String(res.headers['set-cookie']).split(';')[0]!;
  return { location: String(res.headers.location), cookie };
}

/** The provider's auto-submitting form arriving at our callback. */
async function callback(fields: Record<string, string>, headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/apple/callback',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
  expect(res.statusCode).toBe(302);
  return String(res.headers.location);
}

const stateOf = (location: string) => new URL(location, PUBLIC_URL).searchParams.get('state');

function claim(state: string, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/apple/apple-success-registration',
    headers: cookie ? { cookie } : {},
    payload: { state },
  });
}

/** The whole journey up to the sign-in page: start, the provider's login form, the callback. */
async function reachSignInPage(
  login: string,
  options: { returnTo?: string; extraFields?: Record<string, string>; headers?: Record<string, string> } = {},
) {
  const { location, cookie } = await start(options.returnTo);
  const answer = await signInAtProvider(location, login);
  expect(answer.action).toBe(CALLBACK);
  const page = await callback({ ...answer.fields, ...options.extraFields }, options.headers);
  return { page, cookie, fields: answer.fields, authorizationUrl: location };
}

async function signIn(login: string, options: Parameters<typeof reachSignInPage>[1] = {}) {
  const reached = await reachSignInPage(login, options);
  const state = stateOf(reached.page);
  expect(state, reached.page).toBeTruthy();
  const res = await claim(state!, reached.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return { ...reached, state: state!, result: providerSignInResultSchema.parse(res.json()) };
}

const identitiesOf = (subject: string) =>
  t.database.db.select().from(userIdentities).where(eq(userIdentities.subject, subject));

describe('starting a sign-in', () => {
  it('redirects to the provider with code flow, form_post, PKCE S256, state and nonce, and stores them for 10 minutes', async () => {
    const { location, cookie } = await start();
    const url = new URL(location);
    expect(`${url.origin}${url.pathname}`).toBe(`${provider.issuer}/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: provider.clientId,
      redirect_uri: CALLBACK,
      response_type: 'code',
      response_mode: 'form_post',
      scope: 'openid email name',
      code_challenge_method: 'S256',
    });
    const state = url.searchParams.get('state')!;
    const [row] = await t.database.db.select().from(oidcStates).where(eq(oidcStates.state, state));
    expect(row).toMatchObject({ nonce: url.searchParams.get('nonce'), userId: null, claimedAt: null, returnTo: null });
    expect(row!.codeVerifier).not.toBe(url.searchParams.get('code_challenge'));
    const ttl = row!.expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(9 * 60 * 1000);
    expect(ttl).toBeLessThanOrEqual(10 * 60 * 1000);
    // The browser that started it is remembered for the claim.
    expect(cookie).toBe(`provider_sign_in=${state}`);
  });

  it('clears expired attempts on the way', async () => {
    await t.database.db
      .insert(oidcStates)
      .values({ state: 'stale', nonce: 'n', codeVerifier: 'v', expiresAt: new Date(Date.now() - 1000) });
    await start();
    expect(await t.database.db.select().from(oidcStates).where(eq(oidcStates.state, 'stale'))).toEqual([]);
  });

  it('keeps a local returnTo and ignores open-redirect attempts', async () => {
    expect((await signIn(person('ret'), { returnTo: '/market?nft=2' })).result.returnTo).toBe('/market?nft=2');
    for (const returnTo of [
      '//evil.example/market',
      'https://evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      const { location } = await start(returnTo);
      const [row] = await t.database.db
        .select()
        .from(oidcStates)
        .where(eq(oidcStates.state, new URL(location).searchParams.get('state')!));
      expect(row!.returnTo, returnTo).toBeNull();
    }
  });
});

describe('signing in', () => {
  it('creates a new user with the identity; the auth record works on GET /api/user/me', async () => {
    const login = person('alice');
    const { result } = await signIn(login);
    expect(result.isNewUser).toBe(true);
    expect(result.user).toMatchObject({
      email: `${login}@example.com`.toLowerCase(),
      emailVerified: true,
      hasPassword: false,
      privateRelay: false,
    });
    // No nickname, birthday or gender yet: the web app continues to update-profile.
    expect(isProfileComplete(result.user.profile)).toBe(false);

    const me = await t.app.inject({ url: '/api/user/me', headers: { authorization: `Bearer ${result.token}` } });
    expect(me.statusCode).toBe(200);
    expect(meSchema.parse(me.json()).id).toBe(result.user.id);

    const identities = await identitiesOf(login);
    expect(identities).toHaveLength(1);
    expect(identities[0]).toMatchObject({ userId: result.user.id, provider: 'apple', email: `${login}@example.com` });
  });

  it('makes an ADMIN_EMAILS address an admin at provider sign-in, new or existing, and nobody else', async () => {
    const fresh = await signIn('first-admin');
    expect(fresh.result).toMatchObject({ isNewUser: true, user: { role: 'admin' } });
    // An address added to ADMIN_EMAILS after the start: promoted at the next sign-in, with an audit row.
    const existing = await insertUser(t.database, { email: 'boss-admin@example.com', emailVerifiedAt: new Date() });
    expect((await t.database.db.select().from(users).where(eq(users.id, existing.id)))[0]!.role).toBe('user');
    const linked = await signIn('boss-admin');
    expect(linked.result).toMatchObject({ isNewUser: false, user: { id: existing.id, role: 'admin' } });
    const me = await t.app.inject({ url: '/api/user/me', headers: { authorization: `Bearer ${linked.result.token}` } });
    expect(me.json().role).toBe('admin');
    expect((await signIn(person('plain'))).result.user.role).toBe('user');
  });

  it('signs the same person in to the same account next time', async () => {
    const login = person('bob');
    const first = await signIn(login);
    const second = await signIn(login);
    expect(second.result.isNewUser).toBe(false);
    expect(second.result.user.id).toBe(first.result.user.id);
    expect(await identitiesOf(login)).toHaveLength(1);
  });

  it('flags an Apple private relay address for the warning', async () => {
    const login = person('relay');
    provider.accounts.set(login, { email: `${login}@privaterelay.appleid.com`, email_verified: 'true' });
    const { result } = await signIn(login);
    expect(result.user).toMatchObject({ privateRelay: true, emailVerified: true });
  });

  it('links to an existing account when the provider verified its e-mail', async () => {
    const login = person('carol');
    const existing = await insertUser(t.database, {
      email: `${login}@example.com`,
      passwordHash: 'hash',
      emailVerifiedAt: new Date(),
    });
    const { result } = await signIn(login);
    expect(result).toMatchObject({ isNewUser: false, user: { id: existing.id, hasPassword: true } });
    expect(await identitiesOf(login)).toHaveLength(1);
  });

  it('takes the account over from an unproven registration of the same e-mail: verified, password dropped', async () => {
    const login = person('pre');
    const existing = await insertUser(t.database, {
      email: `${login.toUpperCase()}@EXAMPLE.COM`,
      passwordHash: 'set-by-someone-else',
    });
    const { result } = await signIn(login);
    expect(result).toMatchObject({
      isNewUser: false,
      user: { id: existing.id, emailVerified: true, hasPassword: false },
    });
  });

  it('does not link when the provider did not verify the e-mail', async () => {
    const login = person('dave');
    provider.accounts.set(login, { email: `${login}@example.com`, email_verified: false });
    await insertUser(t.database, { email: `${login}@example.com` });
    expect((await reachSignInPage(login)).page).toBe(ERROR_PAGE);
    expect(await identitiesOf(login)).toEqual([]);
  });

  it('creates an unverified account for an unverified e-mail nobody uses', async () => {
    const login = person('erin');
    provider.accounts.set(login, { email: `${login}@example.com`, email_verified: 'false' });
    const { result } = await signIn(login);
    expect(result).toMatchObject({ isNewUser: true, user: { emailVerified: false } });
  });

  it('refuses an identity without an e-mail that has no account yet', async () => {
    const login = person('noemail');
    provider.accounts.set(login, {});
    expect((await reachSignInPage(login)).page).toBe(ERROR_PAGE);
    expect(await identitiesOf(login)).toEqual([]);
  });

  it("prefills Apple's one-time names and the browser's language on a new account", async () => {
    const login = person('names');
    const { result } = await signIn(login, {
      extraFields: {
        user: JSON.stringify({ name: { firstName: 'Ivan', lastName: 'Petrov' }, email: 'ignored@example.com' }),
      },
      headers: { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8' },
    });
    expect(result.user).toMatchObject({
      locale: 'ru',
      email: `${login}@example.com`,
      profile: { firstName: 'Ivan', lastName: 'Petrov' },
    });
  });

  it('accepts the answer in the query as well (GET callback)', async () => {
    const { location, cookie } = await start();
    const { fields } = await signInAtProvider(location, person('query'));
    const res = await t.app.inject({ url: '/api/user/apple/callback', query: fields });
    expect(res.statusCode).toBe(302);
    expect((await claim(stateOf(String(res.headers.location))!, cookie)).statusCode).toBe(200);
  });

  it('makes one account when two callbacks for the same new person race', async () => {
    const login = person('race');
    const one = await start();
    const two = await start();
    const answers = await Promise.all([signInAtProvider(one.location, login), signInAtProvider(two.location, login)]);
    const pages = await Promise.all(answers.map((answer) => callback(answer.fields)));
    const results = await Promise.all(
      [one, two].map(async ({ cookie }, index) =>
        providerSignInResultSchema.parse((await claim(stateOf(pages[index]!)!, cookie)).json()),
      ),
    );
    expect(results[0]!.user.id).toBe(results[1]!.user.id);
    expect(results.map((r) => r.isNewUser).sort()).toEqual([false, true]);
    expect(await identitiesOf(login)).toHaveLength(1);
    const rows = await t.database.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${`${login}@example.com`}`);
    expect(rows).toHaveLength(1);
  });
});

describe('refusals', () => {
  it('a blocked or deleted user cannot sign in', async () => {
    const blocked = person('blocked');
    const { result } = await signIn(blocked);
    await t.database.db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, result.user.id));
    expect((await reachSignInPage(blocked)).page).toBe(ERROR_PAGE);

    const deleted = person('deleted');
    await insertUser(t.database, {
      email: `${deleted}@example.com`,
      emailVerifiedAt: new Date(),
      deletedAt: new Date(),
    });
    expect((await reachSignInPage(deleted)).page).toBe(ERROR_PAGE);
    expect(await identitiesOf(deleted)).toEqual([]);
  });

  it('a user blocked between the callback and the claim gets no token', async () => {
    const login = person('late');
    await signIn(login);
    const { page, cookie } = await reachSignInPage(login);
    const [identity] = await identitiesOf(login);
    await t.database.db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, identity!.userId));
    const res = await claim(stateOf(page)!, cookie);
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'PROVIDER_SIGN_IN_FAILED' });
  });

  it('refuses a tampered state', async () => {
    const { location } = await start();
    const { fields } = await signInAtProvider(location, person('tamper'));
    expect(await callback({ ...fields, state: `${fields.state}x` })).toBe(ERROR_PAGE);
    expect(await callback({ ...fields, state: '' })).toBe(ERROR_PAGE);
  });

  it('refuses a replayed callback, and the first one stays claimable once', async () => {
    const { fields, page, cookie } = await reachSignInPage(person('replay'));
    expect(await callback(fields)).toBe(ERROR_PAGE);
    expect((await claim(stateOf(page)!, cookie)).statusCode).toBe(200);
  });

  it('refuses an ID token whose nonce is not the stored one', async () => {
    const { location } = await start();
    const state = new URL(location).searchParams.get('state')!;
    await t.database.db.update(oidcStates).set({ nonce: 'another-nonce' }).where(eq(oidcStates.state, state));
    const login = person('nonce');
    expect(await callback((await signInAtProvider(location, login)).fields)).toBe(ERROR_PAGE);
    expect(await identitiesOf(login)).toEqual([]);
  });

  it('refuses when the PKCE verifier does not match the challenge', async () => {
    const { location } = await start();
    const state = new URL(location).searchParams.get('state')!;
    await t.database.db
      .update(oidcStates)
      .set({ codeVerifier: 'x'.repeat(43) })
      .where(eq(oidcStates.state, state));
    expect(await callback((await signInAtProvider(location, person('pkce'))).fields)).toBe(ERROR_PAGE);
  });

  it("refuses the provider's error answer (the person cancelled) without passing its text on", async () => {
    const { location } = await start();
    const state = new URL(location).searchParams.get('state')!;
    expect(await callback({ state, error: 'access_denied', error_description: 'secret detail' })).toBe(ERROR_PAGE);
  });

  it('refuses an expired attempt', async () => {
    const { location } = await start();
    const state = new URL(location).searchParams.get('state')!;
    const { fields } = await signInAtProvider(location, person('expired'));
    await t.database.db
      .update(oidcStates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oidcStates.state, state));
    expect(await callback(fields)).toBe(ERROR_PAGE);
  });
});

describe('claiming the finished sign-in', () => {
  it('works exactly once', async () => {
    const { page, cookie } = await reachSignInPage(person('twice'));
    expect((await claim(stateOf(page)!, cookie)).statusCode).toBe(200);
    const again = await claim(stateOf(page)!, cookie);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      statusCode: 400,
      code: 'PROVIDER_SIGN_IN_FAILED',
      message: 'Sign-in with the provider failed, please try again',
    });
  });

  it('only in the browser that started it', async () => {
    const { page, cookie } = await reachSignInPage(person('other-browser'));
    const state = stateOf(page)!;
    expect((await claim(state)).json()).toMatchObject({ code: 'PROVIDER_SIGN_IN_FAILED' });
    expect((await claim(state, 'provider_sign_in=someone-elses-state')).json()).toMatchObject({
      code: 'PROVIDER_SIGN_IN_FAILED',
    });
    const res = await claim(state, cookie);
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toContain('Max-Age=0');
  });

  it('refuses an unknown, unfinished or malformed state', async () => {
    expect((await claim('nope', 'provider_sign_in=nope')).json()).toMatchObject({ code: 'PROVIDER_SIGN_IN_FAILED' });
    const { location, cookie } = await start();
    const pending = new URL(location).searchParams.get('state')!;
    expect((await claim(pending, cookie)).json()).toMatchObject({ code: 'PROVIDER_SIGN_IN_FAILED' });
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/user/apple/apple-success-registration',
      payload: {},
    });
    expect(empty.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('takes JSON only, so a cross-site form cannot post a claim', async () => {
    const { page, cookie } = await reachSignInPage(person('form'));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/apple/apple-success-registration',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      payload: new URLSearchParams({ state: stateOf(page)! }).toString(),
    });
    expect(res.json()).toMatchObject({ statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('is described in the OpenAPI document with the other routes', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    expect(doc.paths['/api/user/apple'].get).toBeDefined();
    expect(doc.paths['/api/user/apple/callback'].post).toBeDefined();
    expect(doc.paths['/api/user/apple/apple-success-registration'].post.responses['200']).toBeDefined();
  });
});

describe('without a configured provider', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp();
  });
  afterAll(() => bare.close());

  it('answers PROVIDER_NOT_CONFIGURED, as a page for a browser', async () => {
    const api = await bare.app.inject({ url: '/api/user/apple', headers: { accept: 'application/json' } });
    expect(api.statusCode).toBe(503);
    expect(api.json()).toMatchObject({ code: 'PROVIDER_NOT_CONFIGURED' });

    const browser = await bare.app.inject({ url: '/api/user/apple', headers: { accept: 'text/html' } });
    expect(browser.statusCode).toBe(302);
    expect(browser.headers.location).toBe('/apple-login?error=PROVIDER_NOT_CONFIGURED');

    const answer = await bare.app.inject({ url: '/api/user/apple/callback', query: { state: 's', code: 'c' } });
    expect(answer.headers.location).toBe('/apple-login?error=PROVIDER_NOT_CONFIGURED');
  });
});

describe('with the provider unreachable', () => {
  let offline: TestApp;
  beforeAll(async () => {
    offline = await createTestApp({
      env: { OIDC_ISSUER: 'http://127.0.0.1:9', OIDC_CLIENT_ID: 'id', OIDC_CLIENT_SECRET: 'secret' },
    });
  });
  afterAll(() => offline.close());

  it('stores nothing and says the sign-in failed', async () => {
    const browser = await offline.app.inject({ url: '/api/user/apple', headers: { accept: 'text/html' } });
    expect(browser.headers.location).toBe(ERROR_PAGE);
    const api = await offline.app.inject({ url: '/api/user/apple' });
    expect(api.json()).toMatchObject({ code: 'PROVIDER_SIGN_IN_FAILED' });
    expect(await offline.database.db.select().from(oidcStates)).toEqual([]);
  });
});
