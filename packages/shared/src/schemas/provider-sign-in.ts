import { z } from 'zod';
import { authRecordSchema } from './user';

/**
 * Sign-in with a third-party OpenID Connect provider (Apple's), SPEC.md sections 2 and 7: the
 * browser goes to `start`, the provider posts back to the callback, the API redirects to the
 * `/apple-login` page with a state, and the page claims the finished sign-in once.
 */
export const PROVIDER_SIGN_IN_PATHS = {
  start: '/api/user/apple',
  callback: '/api/user/apple/callback',
  claim: '/user/apple/apple-success-registration',
  page: '/apple-login',
} as const;

const MAX_RETURN_TO = 2048;

/**
 * Where to go after signing in, only when it is a path on this site: one leading slash, no
 * scheme, host or backslash tricks (`//evil.example`, `/\evil.example`). Anything else is dropped.
 */
export function safeReturnTo(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > MAX_RETURN_TO) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  const base = 'http://return-to.invalid';
  try {
    return new URL(value, base).origin === base ? value : null;
  } catch {
    return null;
  }
}

export const providerSignInStartQuerySchema = z.object({
  /** A local path to open after signing in; ignored unless safeReturnTo accepts it. */
  returnTo: z.string().max(MAX_RETURN_TO).optional(),
});

/** What the provider sends to the redirect URI (query on GET, form body on POST). */
export const providerCallbackParamsSchema = z.object({
  state: z.string().max(512).optional(),
  code: z.string().max(4096).optional(),
  iss: z.string().max(2048).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(2048).optional(),
  error_uri: z.string().max(2048).optional(),
  /** Apple only, on the first authorization: `{"name":{"firstName","lastName"},"email"}`. */
  user: z.string().max(4096).optional(),
});
export type ProviderCallbackParams = z.infer<typeof providerCallbackParamsSchema>;

export const providerSignInClaimSchema = z.object({ state: z.string().min(1).max(512) });
export type ProviderSignInClaim = z.infer<typeof providerSignInClaimSchema>;

/** The auth record plus whether the account was just created and where the user wanted to go. */
export const providerSignInResultSchema = authRecordSchema.extend({
  isNewUser: z.boolean(),
  returnTo: z.string().nullable(),
});
export type ProviderSignInResult = z.infer<typeof providerSignInResultSchema>;
