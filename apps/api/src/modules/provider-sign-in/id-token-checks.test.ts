import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT, UnsecuredJWT, type CryptoKey, type JWTPayload } from 'jose';
import { userIdentities } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/app';

/**
 * A real provider only issues correct tokens, so here a hand-made issuer (discovery, JWKS and a
 * token endpoint, like Apple's) hands out ID tokens crafted per test: each wrong one must be refused.
 */
const PUBLIC_URL = 'http://127.0.0.1:4998';
const CLIENT_ID = 'app.meetnearby.web';
const CLIENT_SECRET = 'apple-client-secret-jwt';
const ERROR_PAGE = '/apple-login?error=PROVIDER_SIGN_IN_FAILED';

let server: http.Server;
let issuer: string;
let signingKey: CryptoKey;
let strangerKey: CryptoKey;
let t: TestApp;
/** Builds the ID token of the next token request. */
let nextIdToken: () => Promise<string>;
let lastTokenRequest: URLSearchParams | undefined;

async function readBody(request: http.IncomingMessage) {
  let body = '';
  for await (const chunk of request) body += chunk;
  return body;
}

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  signingKey = pair.privateKey;
  strangerKey = (await generateKeyPair('RS256')).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'apple-like', alg: 'RS256', use: 'sig' };

  server = http.createServer(async (request, response) => {
    const json = (value: unknown) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    if (request.url === '/.well-known/openid-configuration') {
      return json({
        issuer,
        authorization_endpoint: `${issuer}/auth/authorize`,
        token_endpoint: `${issuer}/auth/token`,
        jwks_uri: `${issuer}/auth/keys`,
        response_types_supported: ['code'],
        response_modes_supported: ['query', 'fragment', 'form_post'],
        subject_types_supported: ['pairwise'],
        id_token_signing_alg_values_supported: ['RS256'],
        scopes_supported: ['openid', 'email', 'name'],
        token_endpoint_auth_methods_supported: ['client_secret_post'],
      });
    }
    if (request.url === '/auth/keys') return json({ keys: [jwk] });
    if (request.url === '/auth/token' && request.method === 'POST') {
      lastTokenRequest = new URLSearchParams(await readBody(request));
      return json({ access_token: 'access', token_type: 'Bearer', expires_in: 3600, id_token: await nextIdToken() });
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({
    env: {
      PUBLIC_URL,
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      RATE_LIMIT_AUTH_MAX: '1000',
    },
  });
});
afterAll(async () => {
  await t?.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const sign = (claims: JWTPayload, key: CryptoKey = signingKey) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'apple-like' }).sign(key);

/** Starts a sign-in, lets the issuer answer with `craft(good claims)`, and returns where the callback sends the browser. */
async function signInWith(craft: (good: JWTPayload) => Promise<string>) {
  const start = await t.app.inject({ url: '/api/user/apple', headers: { accept: 'text/html' } });
  const authorization = new URL(String(start.headers.location));
  const subject = `apple-${crypto.randomUUID()}`;
  const now = Math.floor(Date.now() / 1000);
  const good: JWTPayload = {
    iss: issuer,
    aud: CLIENT_ID,
    sub: subject,
    iat: now,
    exp: now + 600,
    nonce: authorization.searchParams.get('nonce')!,
    email: `${subject}@privaterelay.appleid.com`,
    email_verified: 'true',
    is_private_email: 'true',
  };
  nextIdToken = () => craft(good);
  const callback = await t.app.inject({
    method: 'POST',
    url: '/api/user/apple/callback',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ state: authorization.searchParams.get('state')!, code: 'one-time-code' }).toString(),
  });
  const identities = await t.database.db.select().from(userIdentities).where(eq(userIdentities.subject, subject));
  return { page: String(callback.headers.location), authorization, identities };
}

describe('ID token checks', () => {
  it('accepts a correct token; the code exchange sent the secret in the body and the PKCE verifier', async () => {
    const { page, authorization, identities } = await signInWith((good) => sign(good));
    expect(page).toMatch(/^\/apple-login\?state=/);
    expect(identities).toHaveLength(1);
    expect(Object.fromEntries(lastTokenRequest!)).toMatchObject({
      grant_type: 'authorization_code',
      code: 'one-time-code',
      redirect_uri: `${PUBLIC_URL}/api/user/apple/callback`,
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
    });
    const challenge = crypto.createHash('sha256').update(lastTokenRequest!.get('code_verifier')!).digest('base64url');
    expect(challenge).toBe(authorization.searchParams.get('code_challenge'));
  });

  const wrong: Array<[string, (good: JWTPayload) => Promise<string>]> = [
    ['another audience', (good) => sign({ ...good, aud: 'someone.else' })],
    ['another issuer', (good) => sign({ ...good, iss: 'https://evil.example' })],
    ['another nonce', (good) => sign({ ...good, nonce: 'replayed-nonce' })],
    ['no nonce', ({ nonce: _nonce, ...good }) => sign(good)],
    ['an expired token', (good) => sign({ ...good, iat: Number(good.iat) - 7200, exp: Number(good.iat) - 3600 })],
    ['a signature by a key outside the JWKS', (good) => sign(good, strangerKey)],
    ['no signature at all', async (good) => new UnsecuredJWT(good).encode()],
    ['a garbled token', async () => 'not.a.jwt'],
  ];
  for (const [name, craft] of wrong) {
    it(`refuses ${name}`, async () => {
      const { page, identities } = await signInWith(craft);
      expect(page).toBe(ERROR_PAGE);
      expect(identities).toEqual([]);
    });
  }
});
