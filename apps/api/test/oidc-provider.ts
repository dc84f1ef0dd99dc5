// oidc-provider ships no types; the reference also serves the web tsconfig (browser test server).
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./oidc-provider.d.ts" />
/**
 * A real OpenID Connect provider (panva's oidc-provider) on loopback, configured the way Apple
 * behaves for a web client: confidential client with client_secret_post, PKCE required, e-mail
 * claims inside the ID token, form_post responses. Its built-in development login form accepts
 * any login name; the name becomes the account's `sub`. A name starting with `relay-` gets an
 * Apple private relay address, so browser tests can reach that case without a back door.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type OidcContext } from 'oidc-provider';

export interface TestAccountClaims {
  email?: string;
  /** Apple sends a boolean or the strings "true" / "false". */
  email_verified?: boolean | string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Claims per login name; any other login gets a verified `<login>@example.com` (or relay address). */
  accounts: Map<string, TestAccountClaims>;
  close(): Promise<void>;
}

export async function startOidcProvider(options: {
  redirectUri: string;
  port?: number;
  clientId?: string;
  clientSecret?: string;
}): Promise<TestOidcProvider> {
  const clientId = options.clientId ?? 'meetnearby.test';
  const clientSecret = options.clientSecret ?? 'test-client-secret-0123456789';
  const accounts = new Map<string, TestAccountClaims>();

  // The issuer names its port, so listen first and hand requests to the provider once it exists.
  let handle: http.RequestListener = (_req, res) => res.writeHead(503).end();
  const server = http.createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    scopes: ['openid', 'email', 'name'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], name: ['given_name', 'family_name'] },
    // Apple puts the e-mail claims in the ID token even though an access token is issued too.
    conformIdTokenClaims: false,
    jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' }] },
    cookies: { keys: ['test-provider-cookie-key-0123456789'] },
    ttl: { Session: 600, Grant: 600, Interaction: 600, AuthorizationCode: 60, AccessToken: 600, IdToken: 600 },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx: OidcContext, id: string) {
      const domain = id.startsWith('relay-') ? 'privaterelay.appleid.com' : 'example.com';
      const claims = accounts.get(id) ?? { email: `${id}@${domain}`, email_verified: true };
      return { accountId: id, claims: async () => ({ sub: id, ...claims }) };
    },
    // A first-party client: consent is implied, so the login form is the only screen.
    async loadExistingGrant(ctx: OidcContext) {
      const { client, session, result, provider: self } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return self.Grant.find(grantId);
      const grant = new self.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email name');
      await grant.save();
      return grant;
    },
  });
  handle = provider.callback();

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A minimal cookie jar for driving the provider's pages with fetch. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, index).trim(), pair!.slice(index + 1).trim());
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Plays the browser at the provider: opens the authorization URL, fills the development login
 * form with `login`, and returns what the provider's auto-submitting form_post page would send
 * to the redirect URI.
 */
export async function signInAtProvider(
  authorizationUrl: string,
  login: string,
): Promise<{ action: string; fields: Record<string, string> }> {
  const jar = new CookieJar();
  const go = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...init.headers, cookie: jar.header() },
    });
    jar.store(response);
    return response;
  };
  const follow = async (response: Response): Promise<Response> => {
    let current = response;
    for (let hops = 0; current.status >= 300 && current.status < 400; hops += 1) {
      if (hops > 10) throw new Error('too many redirects at the provider');
      current = await go(new URL(current.headers.get('location')!, current.url || authorizationUrl).toString());
    }
    return current;
  };

  const loginPage = await follow(await go(authorizationUrl));
  const loginHtml = await loginPage.text();
  const submitUrl = /<form[^>]*action="([^"]+)"/.exec(loginHtml)?.[1];
  if (!submitUrl)
    throw new Error(`no login form at the provider (HTTP ${loginPage.status}): ${loginHtml.slice(0, 300)}`);

  const submitted = await go(new URL(decodeHtml(submitUrl), loginPage.url).toString(), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString(),
  });
  const formPost = await follow(submitted);
  const html = await formPost.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action)
    throw new Error(`no form_post answer from the provider (HTTP ${formPost.status}): ${html.slice(0, 300)}`);
  const fields: Record<string, string> = {};
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)) {
    fields[name!] = decodeHtml(value!);
  }
  return { action: decodeHtml(action), fields };
}

function decodeHtml(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
