import * as oidc from 'openid-client';
import { PROVIDER_SIGN_IN_PATHS } from '@app/shared/schemas/provider-sign-in';
import type { Config } from '../../config';

/** Apple asks for `name` too; other providers ignore scopes they do not know. */
const SCOPE = 'openid email name';
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The secrets of one sign-in attempt, kept in oidc_states between the redirect and the callback. */
export interface SignInChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** What a verified ID token says about the person. */
export interface ProviderIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
}

export interface ProviderClient {
  /** `${PUBLIC_URL}/api/user/apple/callback`, registered at the provider. */
  redirectUri: string;
  newChecks(): SignInChecks;
  authorizationUrl(checks: SignInChecks): Promise<URL>;
  /** Exchanges the code and verifies the ID token: signature, issuer, audience, expiry, nonce. */
  verifyCallback(params: Record<string, string>, checks: SignInChecks): Promise<ProviderIdentity>;
}

/** Apple sends `email_verified` as a boolean or as the string "true". */
const isTrue = (value: unknown) => value === true || value === 'true';

/** null when OIDC_ISSUER or OIDC_CLIENT_ID is missing: the feature is then off. */
export function createProviderClient(config: Config): ProviderClient | null {
  if (!config.OIDC_ISSUER || !config.OIDC_CLIENT_ID) return null;
  const issuer = new URL(config.OIDC_ISSUER);
  const clientId = config.OIDC_CLIENT_ID;
  const clientSecret = config.OIDC_CLIENT_SECRET;
  const redirectUri = `${config.PUBLIC_URL.replace(/\/+$/, '')}${PROVIDER_SIGN_IN_PATHS.callback}`;
  // Plain HTTP only for a provider on this machine (the tests'); a real provider must use TLS.
  const insecure = issuer.protocol === 'http:' && LOOPBACK_HOSTS.has(issuer.hostname);

  let discovered: Promise<oidc.Configuration> | undefined;
  const configuration = () => {
    discovered ??= oidc
      .discovery(
        issuer,
        clientId,
        { redirect_uris: [redirectUri], response_types: ['code'] },
        // Apple accepts the secret only in the body.
        clientSecret ? oidc.ClientSecretPost(clientSecret) : oidc.None(),
        {
          timeout: 10,
          execute: [
            ...(insecure ? [oidc.allowInsecureRequests] : []),
            // The token comes over TLS from the provider, but we check its signature against the
            // provider's JWKS as well, so a compromised hop cannot hand us a made-up identity.
            oidc.enableNonRepudiationChecks,
          ],
        },
      )
      .catch((error: unknown) => {
        // A failed discovery is retried by the next sign-in instead of being cached.
        discovered = undefined;
        throw error;
      });
    return discovered;
  };

  return {
    redirectUri,
    newChecks: () => ({
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
    }),

    async authorizationUrl(checks) {
      return oidc.buildAuthorizationUrl(await configuration(), {
        redirect_uri: redirectUri,
        response_type: 'code',
        // Apple requires form_post whenever email or name is asked for.
        response_mode: 'form_post',
        scope: SCOPE,
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      });
    },

    async verifyCallback(params, checks) {
      // The redirect URI is rebuilt from configuration, never from the request's Host header.
      const current = new URL(redirectUri);
      for (const [key, value] of Object.entries(params)) current.searchParams.set(key, value);
      const tokens = await oidc.authorizationCodeGrant(await configuration(), current, {
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        pkceCodeVerifier: checks.codeVerifier,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims?.sub) throw new Error('the token response has no ID token');
      return {
        subject: claims.sub,
        email: typeof claims.email === 'string' && claims.email.includes('@') ? claims.email.trim() : null,
        emailVerified: isTrue(claims.email_verified),
      };
    },
  };
}
