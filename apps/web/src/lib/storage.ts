/** The local storage keys of SPEC.md section 3, in one place. */
export const STORAGE_KEYS = {
  auth: 'auth',
  locale: 'locale',
  fingerprint: 'fp',
  accessKey: 'accessKey',
  buyingNftId: 'buyingNftId',
  partnerLink: 'cpa',
  partnerUid: 'cpa_uid',
  partnerExpiration: 'cpa_expiration',
  cookieDialogHidden: 'cookie-dialog-hidden',
  installAppDialogHidden: 'install-app-dialog-hidden',
  // Beyond SPEC.md: what the cookie banner's answer granted, and the install offer's visit count.
  consents: 'consents',
  installAppOffer: 'install-app-offer',
  // The promo code of a referral link, kept for a sign-in with the provider (which skips the form).
  referralCode: 'referral_code',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** Web storage that never throws (private mode, quota, disabled storage). */
function safeStorage(area: () => Storage) {
  const store = {
    get(key: StorageKey): string | null {
      try {
        return area().getItem(key);
      } catch {
        return null;
      }
    },
    set(key: StorageKey, value: string) {
      try {
        area().setItem(key, value);
      } catch {
        // Storage unavailable: the value lives for this page only.
      }
    },
    remove(key: StorageKey) {
      try {
        area().removeItem(key);
      } catch {
        // nothing to remove
      }
    },
    getJson<T>(key: StorageKey): T | null {
      const raw = store.get(key);
      if (!raw) return null;
      try {
        return JSON.parse(raw) as T;
      } catch {
        return null;
      }
    },
  };
  return store;
}

/** localStorage: kept across visits. */
export const storage = safeStorage(() => localStorage);
/** sessionStorage: forgotten when the tab closes (SPEC.md's "for the session only"). */
export const sessionStore = safeStorage(() => sessionStorage);
