// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** Each test gets fresh module state, as a new page load would. */
async function load() {
  vi.resetModules();
  const store = await import('./consent-store');
  const geo = await import('./request-geolocation');
  return { ...store, ...geo };
}

const stored = (area: Storage) => ({
  flag: area.getItem('cookie-dialog-hidden'),
  consents: JSON.parse(area.getItem('consents') ?? 'null'),
});

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('consent store', () => {
  it('grants nothing before the banner is answered', async () => {
    const { getConsentState, hasConsent } = await load();
    expect(getConsentState()).toEqual({ consents: null, answered: false });
    expect(['terms', 'ads', 'geolocation'].map((k) => hasConsent(k as 'terms'))).toEqual([false, false, false]);
  });

  it('"Accept all" grants all three and keeps the answer in localStorage', async () => {
    const { recordConsentChoice, hideCookieBanner, hasConsent, getConsentState } = await load();
    recordConsentChoice('accept-all');
    expect(hasConsent('geolocation')).toBe(true);
    expect(getConsentState().answered).toBe(false);
    hideCookieBanner('accept-all');
    expect(stored(localStorage)).toEqual({
      flag: 'true',
      consents: { terms: true, ads: true, geolocation: true, decidedAt: expect.any(String) },
    });
    expect(stored(sessionStorage)).toEqual({ flag: null, consents: null });
    const again = await load();
    expect(again.getConsentState().answered).toBe(true);
    expect(again.hasConsent('ads')).toBe(true);
  });

  it('"Reject additional" keeps only the terms, for this session', async () => {
    const { recordConsentChoice, hideCookieBanner, hasConsent } = await load();
    recordConsentChoice('reject-additional');
    hideCookieBanner('reject-additional');
    expect(stored(sessionStorage)).toEqual({
      flag: 'true',
      consents: { terms: true, ads: false, geolocation: false, decidedAt: expect.any(String) },
    });
    expect(stored(localStorage)).toEqual({ flag: null, consents: null });
    expect([hasConsent('terms'), hasConsent('ads'), hasConsent('geolocation')]).toEqual([true, false, false]);
  });

  it('setConsent changes one consent where the answer lives and tells subscribers', async () => {
    const { recordConsentChoice, setConsent, hasConsent, subscribeConsents } = await load();
    recordConsentChoice('reject-additional');
    const listener = vi.fn();
    const stop = subscribeConsents(listener);
    setConsent('geolocation', true);
    stop();
    expect(listener).toHaveBeenCalled();
    expect(hasConsent('geolocation')).toBe(true);
    expect(stored(sessionStorage).consents).toMatchObject({ terms: true, ads: false, geolocation: true });
    expect(localStorage.getItem('consents')).toBeNull();
  });
});

describe('requestGeolocation', () => {
  const position = { coords: { latitude: 55.75, longitude: 37.62, accuracy: 10 }, timestamp: 1 };

  it('refuses without the geolocation consent and never asks the browser', async () => {
    const getCurrentPosition = vi.fn();
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    const { requestGeolocation, recordConsentChoice, GeolocationConsentError } = await load();
    await expect(requestGeolocation()).rejects.toBeInstanceOf(GeolocationConsentError);
    recordConsentChoice('reject-additional');
    await expect(requestGeolocation()).rejects.toThrow(/geolocation consent/);
    expect(getCurrentPosition).not.toHaveBeenCalled();
  });

  it('asks the browser once the consent is given, passing its options and errors through', async () => {
    const getCurrentPosition = vi.fn(
      (ok: PositionCallback, _fail?: PositionErrorCallback | null, _options?: PositionOptions) =>
        ok(position as GeolocationPosition),
    );
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    const { requestGeolocation, recordConsentChoice } = await load();
    recordConsentChoice('accept-all');
    await expect(requestGeolocation({ enableHighAccuracy: true })).resolves.toBe(position);
    expect(getCurrentPosition.mock.calls[0]![2]).toEqual({ enableHighAccuracy: true });

    const denied = { code: 1, message: 'User denied Geolocation' };
    getCurrentPosition.mockImplementationOnce((_ok: PositionCallback, fail?: PositionErrorCallback | null) =>
      fail?.(denied as GeolocationPositionError),
    );
    await expect(requestGeolocation()).rejects.toBe(denied);
  });
});
