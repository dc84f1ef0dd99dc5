import { useTranslation } from 'react-i18next';
import {
  DEFAULT_MINT_CHANCE,
  FIRST_MINT_DELAY_HOURS,
  GAS_PER_TRANSACTION_USD,
  KYC_REJECTION_MEETINGS,
  KYC_REVIEW_HOURS,
  MAX_TOKENS_PER_USER,
  MEETING_DISTANCE_METERS,
  MEETING_DURATION_MINUTES,
  MEETING_MAX_GAP_SECONDS,
  MIN_AGE,
  MIN_IOS_VERSION,
  MIN_IPHONE_MODEL,
  NETWORK,
  NFT_PRICE_USDT,
  PARTNER_LINK_RETENTION_HOURS,
  RECOMMENDED_BNB_USD,
  REFERRAL_LEVEL_SHARES,
  RESTRICTION_MAX_HOURS,
  SELLER_REWARD_SHARE,
} from '@app/shared/constants';
import { formatNumber } from '@app/shared/format/number';

/**
 * How long a raised hand can stay up (PRODUCT.md "Meetings and minting"). Not yet in
 * @app/shared/constants: move it there together with the meet module's own copy.
 */
export const HAND_DURATIONS_HOURS = [1, 3, 8] as const;

const HOURS_PER_DAY = 24;

/** One list formatter per language: building one is slow, and every public page asks often. */
const listFormats = new Map<string, Intl.ListFormat>();
function listFormat(locale: string): Intl.ListFormat {
  let format = listFormats.get(locale);
  if (!format) {
    format = new Intl.ListFormat(locale, { type: 'disjunction' });
    listFormats.set(locale, format);
  }
  return format;
}
const percent = (share: number) => Math.round(share * 100);

/**
 * Every number the public texts quote, formatted for the current language, so a text never
 * carries a literal that could drift from the rules the server enforces. Units go through the
 * plural rules, because Russian changes the word with the number.
 */
export function useProductFacts() {
  const { t, i18n } = useTranslation(['common', 'content']);
  const locale = i18n.resolvedLanguage ?? 'en';
  const num = (value: number) => formatNumber(value, locale);
  const hours = (count: number) => t('units.hours', { count });
  const [ref1, ref2, ref3] = REFERRAL_LEVEL_SHARES;

  const handNumbers = HAND_DURATIONS_HOURS.map((h, i) => (i === HAND_DURATIONS_HOURS.length - 1 ? hours(h) : num(h)));
  const handDurations = listFormat(locale).format(handNumbers);

  return {
    minAge: MIN_AGE,
    maxTokens: MAX_TOKENS_PER_USER,
    priceSilver: num(NFT_PRICE_USDT.SILVER),
    priceGold: num(NFT_PRICE_USDT.GOLD),
    pricePlatinum: num(NFT_PRICE_USDT.PLATINUM),
    rewardSilver: num(NFT_PRICE_USDT.SILVER * SELLER_REWARD_SHARE),
    rewardGold: num(NFT_PRICE_USDT.GOLD * SELLER_REWARD_SHARE),
    rewardPlatinum: num(NFT_PRICE_USDT.PLATINUM * SELLER_REWARD_SHARE),
    sellerShare: percent(SELLER_REWARD_SHARE),
    chance: percent(DEFAULT_MINT_CHANCE),
    ref1: percent(ref1),
    ref2: percent(ref2),
    ref3: percent(ref3),
    distance: t('content:units.meters', { count: MEETING_DISTANCE_METERS }),
    duration: t('units.minutes', { count: MEETING_DURATION_MINUTES }),
    gap: t('units.seconds', { count: MEETING_MAX_GAP_SECONDS }),
    firstMint: hours(FIRST_MINT_DELAY_HOURS),
    protection: hours(RESTRICTION_MAX_HOURS),
    kycReview: hours(KYC_REVIEW_HOURS),
    rejectionMeetings: t('content:units.meetings', { count: KYC_REJECTION_MEETINGS }),
    attribution: t('units.days', { count: PARTNER_LINK_RETENTION_HOURS / HOURS_PER_DAY }),
    handDurations,
    gas: num(GAS_PER_TRANSACTION_USD),
    bnbMin: num(RECOMMENDED_BNB_USD.min),
    bnbMax: num(RECOMMENDED_BNB_USD.max),
    network: NETWORK.standard,
    coin: NETWORK.coinSymbol,
    iosVersion: MIN_IOS_VERSION,
    iphoneModel: MIN_IPHONE_MODEL,
  };
}

export type ProductFacts = ReturnType<typeof useProductFacts>;
