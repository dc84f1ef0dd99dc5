// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { PARTNER_LINK_RETENTION_MS } from '@app/shared/constants';
import { getBuyingNftId, getPartnerLink, readStartParams } from './start-params';

describe('start params', () => {
  beforeEach(() => localStorage.clear());
  const now = 1_800_000_000_000;

  it('stores nft, cpa and uid with a 720 hour expiry', () => {
    readStartParams('?nft=7&cpa=12&uid=abc', now);
    expect(getBuyingNftId()).toBe(7);
    expect(getPartnerLink(now)).toEqual({ cpa: '12', uid: 'abc', expiresAt: now + PARTNER_LINK_RETENTION_MS });
    expect(PARTNER_LINK_RETENTION_MS).toBe(720 * 3600 * 1000);
  });

  it('ignores uid without cpa and a non-numeric nft', () => {
    readStartParams('?uid=abc&nft=x1', now);
    expect(getPartnerLink(now)).toBeNull();
    expect(localStorage.getItem('cpa_uid')).toBeNull();
    expect(getBuyingNftId()).toBeNull();
  });

  it('a new cpa without uid drops the old uid', () => {
    readStartParams('?cpa=1&uid=first', now);
    readStartParams('?cpa=2', now);
    expect(getPartnerLink(now)).toMatchObject({ cpa: '2', uid: null });
  });

  it('clears partner data once it expires', () => {
    readStartParams('?cpa=3&uid=u', now);
    expect(getPartnerLink(now + PARTNER_LINK_RETENTION_MS - 1)).not.toBeNull();
    expect(getPartnerLink(now + PARTNER_LINK_RETENTION_MS)).toBeNull();
    expect(['cpa', 'cpa_uid', 'cpa_expiration'].map((k) => localStorage.getItem(k))).toEqual([null, null, null]);
  });

  it('keeps the earlier nft when the query has none', () => {
    readStartParams('?nft=5', now);
    readStartParams('', now);
    expect(getBuyingNftId()).toBe(5);
  });
});
