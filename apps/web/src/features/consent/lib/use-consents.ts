import { useSyncExternalStore } from 'react';
import { getConsentState, subscribeConsents, type Consents } from './consent-store';

/** The visitor's current consents, or null before the cookie banner is answered. */
export function useConsents(): Consents | null {
  return useSyncExternalStore(
    subscribeConsents,
    () => getConsentState().consents,
    () => null,
  );
}

/** True once the cookie banner is answered (this session or for good): it will not show. */
export function useCookieBannerAnswered(): boolean {
  // The prerendered page is a first visit's: unanswered.
  return useSyncExternalStore(
    subscribeConsents,
    () => getConsentState().answered,
    () => false,
  );
}
