import { PARTNER_LINK_RETENTION_MS } from '@app/shared/constants';
import { STORAGE_KEYS, storage } from './storage';

export interface PartnerLink {
  cpa: string;
  uid: string | null;
  expiresAt: number;
}

const PARTNER_KEYS = [STORAGE_KEYS.partnerLink, STORAGE_KEYS.partnerUid, STORAGE_KEYS.partnerExpiration] as const;

/** The stored partner link, or null; expired data is cleared on the way (SPEC.md section 4). */
export function getPartnerLink(now = Date.now()): PartnerLink | null {
  const cpa = storage.get(STORAGE_KEYS.partnerLink);
  const expiresAt = Number(storage.get(STORAGE_KEYS.partnerExpiration));
  if (!cpa || !Number.isFinite(expiresAt) || expiresAt <= now) {
    if (cpa || storage.get(STORAGE_KEYS.partnerExpiration)) PARTNER_KEYS.forEach((k) => storage.remove(k));
    return null;
  }
  return { cpa, uid: storage.get(STORAGE_KEYS.partnerUid), expiresAt };
}

export function getBuyingNftId(): number | null {
  const value = Number(storage.get(STORAGE_KEYS.buyingNftId));
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

/**
 * App start (SPEC.md section 2): `nft` (numeric) is kept as the token being bought; `cpa` is the
 * partner link id and `uid` the partner's click id, honoured only together with `cpa`; both are
 * kept for 720 hours.
 */
export function readStartParams(search: string, now = Date.now()): { partnerLinkArrived: boolean } {
  const params = new URLSearchParams(search);
  const nft = params.get('nft');
  if (nft && /^\d+$/.test(nft) && Number(nft) > 0) storage.set(STORAGE_KEYS.buyingNftId, String(Number(nft)));

  const cpa = params.get('cpa')?.trim();
  if (cpa) {
    storage.set(STORAGE_KEYS.partnerLink, cpa);
    const uid = params.get('uid')?.trim();
    if (uid) storage.set(STORAGE_KEYS.partnerUid, uid);
    else storage.remove(STORAGE_KEYS.partnerUid);
    storage.set(STORAGE_KEYS.partnerExpiration, String(now + PARTNER_LINK_RETENTION_MS));
  }
  getPartnerLink(now);
  return { partnerLinkArrived: Boolean(cpa) };
}
