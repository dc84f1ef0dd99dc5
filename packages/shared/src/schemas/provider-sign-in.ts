import { z } from 'zod';
import { authRecordSchema } from './user';

// Its own module, so the sign-in button does not load zod with this one.
export { PROVIDER_SIGN_IN_PATHS } from './provider-sign-in-paths';

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
