import { z } from 'zod';
import { NFT_LEVELS } from '../constants';
import { MSG } from '../validation/messages';
import { amountSchema } from './crypto';

/** SPEC.md's three income sources of the referral programme. */
export const REFERRAL_REWARD_SOURCES = ['basic_meeting', 'paid_meeting', 'business_purchase'] as const;
export type ReferralRewardSource = (typeof REFERRAL_REWARD_SOURCES)[number];

/** pending: held; available: paid to the wallet; reversed: refunded while held; clawed_back: refunded after. */
export const REFERRAL_REWARD_STATUSES = ['pending', 'available', 'reversed', 'clawed_back'] as const;
export type ReferralRewardStatus = (typeof REFERRAL_REWARD_STATUSES)[number];

/** Why a reward was withheld as self-referral (PRODUCT.md "Referrals"). */
export const SELF_REFERRAL_REASONS = ['device', 'kyc_document', 'wallet_address', 'email'] as const;
export type SelfReferralReason = (typeof SELF_REFERRAL_REASONS)[number];

export const REFERRAL_PERIODS = ['7d', '14d', 'month'] as const;
export type ReferralPeriod = (typeof REFERRAL_PERIODS)[number];

/** The tree's role filter and level label: Business is a person with a company. */
export const REFERRAL_ROLES = ['human', 'business'] as const;
export type ReferralRole = (typeof REFERRAL_ROLES)[number];

export const REFERRAL_PAGE_MAX = 100;

const page = {
  offset: z.coerce.number({ error: MSG.invalidValue }).int().min(0, { error: MSG.invalidValue }).default(0),
  limit: z.coerce
    .number({ error: MSG.invalidValue })
    .int()
    .min(1, { error: MSG.invalidValue })
    .max(REFERRAL_PAGE_MAX, { error: MSG.invalidValue })
    .default(25),
};

// --- GET /referral/list, /referral/list/{userId} ---------------------------------------------------------

export const referralListQuerySchema = z.object({
  ...page,
  /** Empty: all levels (depth 1 to 3). */
  depth: z.coerce.number({ error: MSG.invalidValue }).int().min(1, { error: MSG.invalidValue }).max(3).optional(),
  role: z.enum(REFERRAL_ROLES, { error: MSG.invalidValue }).optional(),
  /** The token level held. */
  nft: z.enum(NFT_LEVELS, { error: MSG.invalidValue }).optional(),
  search: z.string().trim().max(100, { error: MSG.invalidValue }).optional(),
});
export type ReferralListQuery = z.infer<typeof referralListQuerySchema>;

export const referralRowSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.enum(REFERRAL_ROLES),
  depth: z.number().int(),
  nfts: z.array(z.enum(NFT_LEVELS)),
  meetings: z.number().int(),
  /** What the caller received from this person's activity (USDT, shown as EEE). */
  received: amountSchema,
  /** How many people this one brought (the tree's "has referrals"). */
  referrals: z.number().int(),
  lastActivity: z.string(),
  joinedAt: z.string(),
});
export type ReferralRow = z.infer<typeof referralRowSchema>;

export const referralListSchema = z.object({ total: z.number().int(), items: z.array(referralRowSchema) });
export type ReferralList = z.infer<typeof referralListSchema>;

// --- GET /referral/rewards ----------------------------------------------------------------------------------

export const referralRewardsQuerySchema = z.object({
  ...page,
  source: z.enum(REFERRAL_REWARD_SOURCES, { error: MSG.invalidValue }).optional(),
  status: z.enum(REFERRAL_REWARD_STATUSES, { error: MSG.invalidValue }).optional(),
});
export type ReferralRewardsQuery = z.infer<typeof referralRewardsQuerySchema>;

export const referralRewardSchema = z.object({
  id: z.number().int(),
  source: z.enum(REFERRAL_REWARD_SOURCES),
  status: z.enum(REFERRAL_REWARD_STATUSES),
  level: z.number().int(),
  amount: amountSchema,
  /** The referral whose activity paid it, masked like every name shown to others. */
  referral: z.string(),
  releaseAt: z.string(),
  createdAt: z.string(),
});
export type ReferralReward = z.infer<typeof referralRewardSchema>;

export const referralRewardsSchema = z.object({ total: z.number().int(), items: z.array(referralRewardSchema) });
export type ReferralRewards = z.infer<typeof referralRewardsSchema>;

// --- GET /referral/stats?period= ---------------------------------------------------------------------------

export const referralStatsQuerySchema = z.object({
  period: z.enum(REFERRAL_PERIODS, { error: MSG.invalidValue }).default('7d'),
});

export const referralStatsSchema = z.object({
  promocode: z.string(),
  period: z.enum(REFERRAL_PERIODS),
  /** Every reward not reversed, in USDT (EEE). */
  incomeTotal: amountSchema,
  /** Since the first of this month (UTC): "EEE per month". */
  incomeMonth: amountSchema,
  pending: amountSchema,
  available: amountSchema,
  /** People of the tree whose activity paid the caller in the period. */
  activeReferrals: z.number().int(),
  totalAttracted: z.number().int(),
  /** The period's figures. */
  income: amountSchema,
  bySource: z.object({ basic_meeting: amountSchema, paid_meeting: amountSchema, business_purchase: amountSchema }),
  hits: z.number().int(),
  registrations: z.number().int(),
  /** Registrations per hit, in percent with one decimal. */
  conversion: z.number(),
  daily: z.array(z.object({ day: z.string(), income: amountSchema, registrations: z.number().int() })),
  top: z.array(z.object({ name: z.string(), income: amountSchema })),
});
export type ReferralStats = z.infer<typeof referralStatsSchema>;

// --- admins ---------------------------------------------------------------------------------------------------

export const referrerChangeSchema = z.object({
  referrerId: z.number({ error: MSG.invalidValue }).int().positive().nullable(),
  reason: z.string().trim().min(1, { error: MSG.required }).max(500, { error: MSG.invalidValue }),
});
export type ReferrerChange = z.infer<typeof referrerChangeSchema>;

/** A person as the admin area names them (the web's personName): unmasked, staff only. */
export const referralPersonSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  domain: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});
export type ReferralPerson = z.infer<typeof referralPersonSchema>;

/** A reward withheld as self-referral: who would have earned it, from whom, and why. */
export const referralFlagSchema = z.object({
  id: z.number().int(),
  beneficiaryId: z.number().int(),
  referralId: z.number().int(),
  beneficiary: referralPersonSchema,
  referral: referralPersonSchema,
  reason: z.enum(SELF_REFERRAL_REASONS),
  createdAt: z.string(),
});
export type ReferralFlag = z.infer<typeof referralFlagSchema>;
export const referralFlagsSchema = z.object({ total: z.number().int(), items: z.array(referralFlagSchema) });
export type ReferralFlags = z.infer<typeof referralFlagsSchema>;

export const REFERRAL_ADMIN_PATHS = {
  flags: '/referral/flags',
  referrer: (userId: number) => `/referral/referrer/${userId}`,
} as const;
