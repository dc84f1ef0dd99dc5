/**
 * Business constants of SPEC.md section 9 and ../shared/PRODUCT.md.
 * The single place for these numbers: both the API and the web app import them.
 */

export const NFT_LEVELS = ['SILVER', 'GOLD', 'PLATINUM', 'ICON'] as const;
export type NftLevelName = (typeof NFT_LEVELS)[number];

/** Numeric tier of each level, as SPEC.md section 3 numbers them. */
export const NFT_TYPE = { SILVER: 0, GOLD: 1, PLATINUM: 2, ICON: 3 } as const;
export type NftType = (typeof NFT_TYPE)[NftLevelName];

/** Levels sold on the marketplace (ICON is granted by an admin, never sold). */
export const SALE_LEVELS = ['SILVER', 'GOLD', 'PLATINUM'] as const;

/** Token prices in USDT. */
export const NFT_PRICE_USDT = { SILVER: 100, GOLD: 1000, PLATINUM: 10000 } as const;

/** Each parent of a minted token receives this share of its sale price (40, 400, 4000). */
export const SELLER_REWARD_SHARE = 0.4;
/** Share of a minted token's price that funds referral rewards. */
export const REFERRAL_POOL_SHARE = 0.2;
/** Referral reward per tree level, as a share of the platform's part (levels 1, 2, 3). */
export const REFERRAL_LEVEL_SHARES = [0.1, 0.05, 0.02] as const;

/** A user holds at most one token per level, so at most three. */
export const MAX_TOKENS_PER_USER = 3;

export const FIRST_MINT_DELAY_HOURS = 24;
export const MEETING_DISTANCE_METERS = 5;
export const MEETING_DURATION_MINUTES = 20;
export const MEETING_MAX_GAP_SECONDS = 60;
export const RESTRICTION_MAX_HOURS = 72;
export const DEFAULT_MINT_CHANCE = 0.5;

export const KYC_REVIEW_HOURS = 24;
export const KYC_REJECTION_MEETINGS = 3;

export const MIN_IOS_VERSION = 16;
export const MIN_IPHONE_MODEL = 'iPhone 8';

export const NETWORK = { name: 'BSC', standard: 'BEP-20', coinSymbol: 'EEE' } as const;
export const COINS = ['USDT', 'BNB'] as const;
export type Coin = (typeof COINS)[number];
export const GAS_PER_TRANSACTION_USD = 0.003;
export const RECOMMENDED_BNB_USD = { min: 2, max: 3 } as const;
export const DEFAULT_DEPOSIT_CONFIRMATIONS = 15;

export const MIN_AGE = 18;
export const MIN_BIRTH_YEAR = 1900;
export const PASSWORD_MIN_LENGTH = 6;

export const COOKIE_BANNER_DELAY_MS = 3000;
export const CONSENT_WAIT_MS = 500;
export const SCROLL_ANIMATION_MS = 700;

/**
 * The install-app dialog may open by itself once, for a mobile visitor on this visit number or a
 * later one, this long after the cookie banner is out of the way.
 */
export const INSTALL_OFFER_MIN_VISITS = 2;
export const INSTALL_OFFER_DELAY_MS = 4000;

/** Partner (CPA) link data is kept this long after the visit. */
export const PARTNER_LINK_RETENTION_HOURS = 720;
export const PARTNER_LINK_RETENTION_MS = PARTNER_LINK_RETENTION_HOURS * 3600 * 1000;

/** Auth token (JWT) lifetime. */
export const AUTH_TOKEN_EXPIRY_SECONDS = 259200;

/** Realtime socket reconnection, as socket.io's own defaults. */
export const SOCKET_RECONNECTION_DELAY_MS = 1000;
export const SOCKET_RECONNECTION_DELAY_MAX_MS = 5000;
export const SOCKET_TIMEOUT_MS = 20000;

/** Number display: at most this many decimals above 1, and otherwise. */
export const NUMBER_DECIMALS_ABOVE_ONE = 2;
export const NUMBER_DECIMALS_UP_TO_ONE = 4;
/** Runs of at least this many zeros are compressed with a superscript count. */
export const ZERO_RUN_COMPRESS_MIN = 5;
/** Card-like values are masked to this many characters at each end. */
export const MASK_KEEP_CHARS = 4;

/** Product code prefix of promo codes, in Latin and Cyrillic spelling. */
export const PROMO_PREFIXES = ['EEE', 'ЕЕЕ'] as const;

export const SUPPORTED_LOCALES = ['en', 'ru'] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
/** The cookie that tells the server the reader's language (the pages it renders ahead). */
export const LOCALE_COOKIE = 'locale';

export const ROLES = ['user', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];
/** Roles that see what others keep private (moderation, support). */
export const STAFF_ROLES: readonly Role[] = ['moderator', 'admin'];

export const APP_ENVS = ['development', 'staging', 'production'] as const;
export type AppEnv = (typeof APP_ENVS)[number];
/** The client opens the admin area only in these environments (SPEC.md section 2). */
export const ADMIN_CLIENT_ENVS: readonly AppEnv[] = ['development', 'staging'];

/** Request headers of SPEC.md section 7 besides Authorization and Accept. */
export const HEADERS = {
  fingerprint: 'x-device-fingerprint',
  partnerLink: 'x-cpa',
  partnerUid: 'x-cpa-uid',
  accessKey: 'access-key',
  requestId: 'x-request-id',
} as const;

export const TRANSACTION_STATUSES = [
  'REQUESTED',
  'PROCESSING',
  'CONFIRMED',
  'FAIL',
  'PENDING',
  'CANCELED',
  'NONE',
] as const;
/**
 * SPEC.md's seven types and PROMOTION: a company's promoted pin paid from the wallet, a payment
 * inside the platform with no chain step (decision 034). The zod contract in schemas/crypto.ts reads this list.
 */
export const TRANSACTION_TYPES = [
  'BUY_NFT',
  'GASING',
  'APPROVE',
  'INPUT',
  'REWARD',
  'OUTPUT',
  'GENERATE',
  'PROMOTION',
] as const;

export const KYC_STATUSES = ['draft', 'requested', 'approved', 'rejected', 'rejected_forever'] as const;
export const MEDIA_ALBUMS = ['profile_photos', 'kyc', 'channel_photos', 'news'] as const;
export const NEWS_STATUSES = ['DRAFT', 'PUBLISHED'] as const;
export const CPA_REWARD_ACTIONS = ['purchase', 'first_meet', 'fill_profile'] as const;

/** E-mail codes (confirmation and password recovery). */
export const EMAIL_CODE_LENGTH = 6;
export const EMAIL_CODE_TTL_MINUTES = 15;
export const EMAIL_CODE_MAX_ATTEMPTS = 5;
export const EMAIL_CODE_RESEND_SECONDS = 60;

/**
 * Meeting detection and device protection (PRODUCT.md "Meetings and minting"), beside
 * MEETING_DISTANCE_METERS, MEETING_DURATION_MINUTES, MEETING_MAX_GAP_SECONDS and RESTRICTION_MAX_HOURS.
 */
/** A fix reporting a worse accuracy (metres) than this never counts as "together". */
export const MEETING_MAX_ACCURACY_METERS = 20;
/** Share of the two fixes' combined (root-sum-square) accuracy granted on top of the distance. */
export const MEETING_ACCURACY_SHARE = 0.5;
/** Fixes of the two users are compared only when taken at most this far apart in time. */
export const MEETING_PAIR_WINDOW_SECONDS = 5;
/** Consecutive fixes of one user implying a faster speed are impossible movement (faster than a plane). */
export const MAX_SPEED_METERS_PER_SECOND = 300;
/** The most accuracy slack (metres, both fixes together) the speed check grants to coarse fixes. */
export const MOVEMENT_MAX_ACCURACY_SLACK_METERS = 1000;
/** A device fingerprint seen with more accounts than this restricts minting. */
export const MAX_ACCOUNTS_PER_DEVICE = 1;
/** Minting restriction per flag; repeated flags stack, never beyond RESTRICTION_MAX_HOURS from the latest. */
export const RESTRICTION_SHARED_DEVICE_HOURS = 72;
export const RESTRICTION_IMPOSSIBLE_MOVEMENT_HOURS = 24;

/** Decimals of the USDT token's smallest unit (wei-like). */
export const TOKEN_DECIMALS = 18;
