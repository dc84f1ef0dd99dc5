import { STORAGE_KEYS, sessionStore, storage } from '../../../lib/storage';

/** The three consents of SPEC.md section 4: terms of use, personalised ads, geolocation. */
export type ConsentKind = 'terms' | 'ads' | 'geolocation';

export interface Consents extends Record<ConsentKind, boolean> {
  /** ISO time of the answer, so a later change of the texts can ask again. */
  decidedAt: string;
}

/** The cookie banner's two buttons. */
export type ConsentChoice = 'accept-all' | 'reject-additional';

interface ConsentState {
  consents: Consents | null;
  /** The banner's hidden flag is set, in either storage: it is not shown again. */
  answered: boolean;
}

/**
 * Accepting is remembered on this device (localStorage); rejecting only for this session
 * (sessionStorage), so the banner asks again next visit. The consents live beside the flag.
 */
const areaOf = (choice: ConsentChoice) => (choice === 'accept-all' ? storage : sessionStore);

const GRANTED: Record<ConsentChoice, Record<ConsentKind, boolean>> = {
  'accept-all': { terms: true, ads: true, geolocation: true },
  'reject-additional': { terms: true, ads: false, geolocation: false },
};

function readState(): ConsentState {
  const answered = [storage, sessionStore].some((area) => area.get(STORAGE_KEYS.cookieDialogHidden) === 'true');
  // This session's answer is newer than one kept from an earlier visit.
  const consents =
    sessionStore.getJson<Consents>(STORAGE_KEYS.consents) ?? storage.getJson<Consents>(STORAGE_KEYS.consents);
  return { consents, answered };
}

let state: ConsentState | undefined;
const listeners = new Set<() => void>();

function setState(next: ConsentState) {
  state = next;
  for (const listener of listeners) listener();
}

export function getConsentState(): ConsentState {
  state ??= readState();
  return state;
}

const onStorage = (event: StorageEvent) => {
  if (event.key === null || event.key === STORAGE_KEYS.consents || event.key === STORAGE_KEYS.cookieDialogHidden)
    setState(readState());
};

/** For useSyncExternalStore; also follows answers given in another tab. */
export function subscribeConsents(listener: () => void) {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

export function hasConsent(kind: ConsentKind): boolean {
  return getConsentState().consents?.[kind] === true;
}

/** Sets the consents of a banner answer at once (the flag follows after CONSENT_WAIT_MS). */
export function recordConsentChoice(choice: ConsentChoice) {
  const consents: Consents = { ...GRANTED[choice], decidedAt: new Date().toISOString() };
  areaOf(choice).set(STORAGE_KEYS.consents, JSON.stringify(consents));
  setState({ ...getConsentState(), consents });
}

/** Stores the banner's hidden flag where the choice belongs, which closes the banner. */
export function hideCookieBanner(choice: ConsentChoice) {
  areaOf(choice).set(STORAGE_KEYS.cookieDialogHidden, 'true');
  setState({ ...getConsentState(), answered: true });
}

/**
 * Changes one consent later (the map asking for location after "Reject additional"), kept in the
 * storage the current answer lives in; without an answer yet it lasts for this session.
 */
export function setConsent(kind: ConsentKind, granted: boolean) {
  const current = getConsentState().consents;
  const consents: Consents = {
    ...(current ?? GRANTED['reject-additional']),
    [kind]: granted,
    decidedAt: new Date().toISOString(),
  };
  const kept =
    storage.getJson<Consents>(STORAGE_KEYS.consents) && !sessionStore.getJson<Consents>(STORAGE_KEYS.consents);
  (kept ? storage : sessionStore).set(STORAGE_KEYS.consents, JSON.stringify(consents));
  setState({ ...getConsentState(), consents });
}
