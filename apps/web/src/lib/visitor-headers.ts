import { HEADERS } from '@app/shared/constants';
import { getFingerprint } from './fingerprint';
import { getPartnerLink } from './start-params';

/**
 * The headers of SPEC.md section 7 that do not depend on a session: language, device fingerprint
 * and the partner link. Apart from the API client, so a prerendered page's small entry can send
 * the partner hit before (or without) the page's bundle.
 */
export function visitorHeaders(locale: string): Record<string, string> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': locale,
    [HEADERS.fingerprint]: getFingerprint(),
  };
  const partner = getPartnerLink();
  if (partner) {
    headers[HEADERS.partnerLink] = partner.cpa;
    if (partner.uid) headers[HEADERS.partnerUid] = partner.uid;
  }
  return headers;
}

/** A partner link brought this visitor: the server counts the hit (once per visitor) and its landing. */
export function sendPartnerHit(locale: string) {
  void fetch('/api/cpa/hits', {
    method: 'POST',
    headers: { ...visitorHeaders(locale), 'content-type': 'application/json' },
    body: JSON.stringify({ landing: window.location.pathname }),
  }).catch(() => undefined);
}
