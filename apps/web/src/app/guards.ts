import { redirect } from 'react-router';
import { ADMIN_CLIENT_ENVS } from '@app/shared/constants';
import { api } from '../lib/api-client';
import { rememberReferralCode } from '../lib/referral-code';
import { session } from '../lib/session';
import { getPublicConfig } from '../lib/public-config';

/** SPEC.md section 2 guard rules, run as route loaders before anything renders. */

/** Login-required routes without a token go to the auth area. */
export function requireAuth() {
  if (!session.token()) throw redirect('/auth/login');
  return null;
}

/** Guest-only routes with a token go to the account. */
export function requireGuest() {
  if (session.token()) throw redirect('/account');
  return null;
}

/**
 * Admin routes: on the client, only with a token, and in development or staging as SPEC.md says,
 * or in production on the admin host (ADMIN_HOST); otherwise the index. The server checks the
 * role, the host and the staff second factor on every admin call regardless.
 */
export async function requireAdmin() {
  const { appEnv, adminHost } = await getPublicConfig();
  const onAdminHost = appEnv === 'production' && !!adminHost && window.location.hostname === adminHost;
  if (!session.token() || !(ADMIN_CLIENT_ENVS.includes(appEnv) || onAdminHost)) throw redirect('/');
  return null;
}

export function redirectTo(to: string) {
  return () => redirect(to);
}

/**
 * /ref/{promocode}: the visit is counted (GET /api/referral/track/{code}) and the visitor goes on to
 * registration with the promo code as a query value; a slow or failed count never holds them up.
 * The code is also kept for the tab, so a sign-in with the provider instead of the form saves it.
 */
export function referralRedirect({ params }: { params: { promocode?: string } }) {
  const code = params.promocode ?? '';
  if (code) void api(`/referral/track/${encodeURIComponent(code)}`).catch(() => undefined);
  if (code) rememberReferralCode(code);
  return redirect(code ? `/auth/register?promocode=${encodeURIComponent(code)}` : '/auth/register');
}
