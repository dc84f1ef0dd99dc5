import { api } from './api-client';
import { sessionStore, STORAGE_KEYS } from './storage';

/** Keeps a referral link's promo code for this tab: the provider's sign-in returns to it without the form. */
export function rememberReferralCode(code: string) {
  sessionStore.set(STORAGE_KEYS.referralCode, code);
}

/**
 * After a sign-in with the provider: saves the kept code as the account's referrer (POST
 * /referral/save/{code}), once. The server refuses an account that has a referrer already or that
 * joined before the code's owner; either way nothing more is to be done.
 */
export async function saveRememberedReferralCode(): Promise<void> {
  const code = sessionStore.get(STORAGE_KEYS.referralCode);
  if (!code) return;
  sessionStore.remove(STORAGE_KEYS.referralCode);
  await api(`/referral/save/${encodeURIComponent(code)}`, { method: 'POST' }).catch(() => undefined);
}
