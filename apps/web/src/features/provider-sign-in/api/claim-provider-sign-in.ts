import { useMutation } from '@tanstack/react-query';
import { PROVIDER_SIGN_IN_PATHS, type ProviderSignInResult } from '@app/shared/schemas/provider-sign-in';
import { api } from '../../../lib/api-client';
import { saveRememberedReferralCode } from '../../../lib/referral-code';
import { session } from '../../../lib/session';

/** Claims the sign-in the provider just finished; the server hands it out once. */
export const claimProviderSignIn = (state: string) =>
  api<ProviderSignInResult>(PROVIDER_SIGN_IN_PATHS.claim, { method: 'POST', body: { state } });

/**
 * Saving the auth record here (not in the page) keeps it saved even if the page has gone, and so
 * is a promo code a referral link left for this tab.
 * Signing in as someone else first logs the previous account out, so none of its cached data
 * or its socket carries over.
 */
export const useClaimProviderSignIn = () =>
  useMutation({
    mutationFn: claimProviderSignIn,
    onSuccess: (result) => {
      if (session.get()?.user?.id !== result.user.id) session.clear();
      session.save({ token: result.token, user: result.user });
      // A referral link followed before the provider's sign-in names this account's referrer.
      void saveRememberedReferralCode();
    },
  });
