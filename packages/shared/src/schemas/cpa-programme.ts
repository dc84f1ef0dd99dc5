import { z } from 'zod';
import { MSG } from '../validation/messages';
import { requiredText } from '../validation/rules';
import { amountSchema } from './crypto';

/** PRODUCT.md "Advertising (CPA)": the reward actions, each with a payout set by admins. */
export const CPA_ACTIONS = ['purchase', 'first_meet', 'fill_profile'] as const;
export type CpaAction = (typeof CPA_ACTIONS)[number];

export const CPA_CONVERSION_STATUSES = ['pending', 'approved', 'rejected', 'paid'] as const;
export type CpaConversionStatus = (typeof CPA_CONVERSION_STATUSES)[number];

/** Why a conversion was rejected; the partner reads each as a translated sentence. */
export const CPA_REJECT_REASONS = ['too_fast', 'own_account', 'own_device', 'cluster', 'blocked'] as const;
export type CpaRejectReason = (typeof CPA_REJECT_REASONS)[number];

export const CPA_PARTNER_STATUSES = ['applied', 'approved', 'rejected'] as const;
export type CpaPartnerStatus = (typeof CPA_PARTNER_STATUSES)[number];

/** The macros a callback URL may carry; anything else in braces is refused when the link is saved. */
export const CPA_MACROS = [
  'uid',
  'clickid',
  'action',
  'status',
  'payout',
  'currency',
  'event_id',
  'link_id',
  'timestamp',
];

/** The names in braces of a callback URL that are not macros (empty when all are known). */
export function unknownMacros(url: string): string[] {
  const names = [...url.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]!);
  return [...new Set(names.filter((name) => !CPA_MACROS.includes(name)))];
}

// --- settings (GET /cpa/settings, PUT for admins) -------------------------------------------------------

export const CPA_WINDOW_HOURS_MAX = 24 * 90;
export const CPA_HOLD_HOURS_MAX = 24 * 60;

export const cpaSettingsSchema = z.object({
  payouts: z.object({ purchase: amountSchema, first_meet: amountSchema, fill_profile: amountSchema }),
  currency: z.literal('USDT'),
  /** A registration this long after the click is still bound to the link (SPEC.md: 720 h). */
  windowHours: z.number().int(),
  /** Conversions wait this long before they are approved (and can be paid). */
  holdHours: z.number().int(),
});
export type CpaSettings = z.infer<typeof cpaSettingsSchema>;

const payoutInput = z
  .string({ error: MSG.invalidValue })
  .trim()
  .regex(/^\d{1,6}(\.\d{1,6})?$/, { error: MSG.invalidValue });
const hoursInput = (max: number) =>
  z.coerce
    .number({ error: MSG.invalidValue })
    .int({ error: MSG.invalidValue })
    .min(0, { error: MSG.invalidValue })
    .max(max, { error: MSG.invalidValue });

export const cpaSettingsUpdateSchema = z.object({
  payouts: z.object({ purchase: payoutInput, first_meet: payoutInput, fill_profile: payoutInput }),
  windowHours: hoursInput(CPA_WINDOW_HOURS_MAX).refine((h) => h >= 1, { error: MSG.invalidValue }),
  holdHours: hoursInput(CPA_HOLD_HOURS_MAX),
});
export type CpaSettingsUpdate = z.infer<typeof cpaSettingsUpdateSchema>;

// --- the partner: application, cabinet state, secret ----------------------------------------------------

export const CPA_TRAFFIC_MAX = 1000;
export const CPA_CONTACT_MAX = 200;

export const cpaApplicationSchema = z.object({
  trafficSources: requiredText(CPA_TRAFFIC_MAX),
  contact: requiredText(CPA_CONTACT_MAX),
});
export type CpaApplication = z.infer<typeof cpaApplicationSchema>;

/** GET /cpa/partner: the signed-in person's standing; the secret only once approved. */
export const cpaPartnerStateSchema = z.object({
  status: z.enum([...CPA_PARTNER_STATUSES, 'none']),
  trafficSources: z.string().nullable(),
  contact: z.string().nullable(),
  rejectReason: z.string().nullable(),
  appliedAt: z.iso.datetime().nullable(),
  /** The Standard Webhooks secret (whsec_…) the partner verifies postbacks with. */
  secret: z.string().nullable(),
  /** Until when the previous secret still signs too (after a rotation). */
  previousSecretUntil: z.iso.datetime().nullable(),
});
export type CpaPartnerState = z.infer<typeof cpaPartnerStateSchema>;

// --- rewards (conversions) and payouts -------------------------------------------------------------------

export const cpaConversionSchema = z.object({
  id: z.number().int(),
  linkId: z.number().int(),
  linkName: z.string(),
  action: z.enum(CPA_ACTIONS),
  status: z.enum(CPA_CONVERSION_STATUSES),
  reason: z.enum(CPA_REJECT_REASONS).nullable(),
  payout: amountSchema,
  uid: z.string().nullable(),
  createdAt: z.iso.datetime(),
  /** When a pending conversion is approved (the end of the holding period). */
  holdUntil: z.iso.datetime(),
});
export type CpaConversion = z.infer<typeof cpaConversionSchema>;

export const cpaRewardsQuerySchema = z.object({
  status: z.enum(CPA_CONVERSION_STATUSES).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const cpaRewardsSchema = z.object({
  rewards: z.array(cpaConversionSchema),
  total: z.number().int(),
  /** Sums over all the partner's conversions, by status. */
  sums: z.object({ pending: amountSchema, approved: amountSchema, paid: amountSchema, rejected: amountSchema }),
});
export type CpaRewards = z.infer<typeof cpaRewardsSchema>;

/** POST /cpa/rewards: every approved reward goes into one payout to the partner's wallet. */
export const cpaPayoutSchema = z.object({
  id: z.number().int(),
  amount: amountSchema,
  count: z.number().int(),
  status: z.enum(['requested', 'paid', 'failed']),
  createdAt: z.iso.datetime(),
});
export type CpaPayout = z.infer<typeof cpaPayoutSchema>;

// --- statistics (per link, per day) ---------------------------------------------------------------------

export const CPA_PERIODS = ['7d', '30d', '90d', 'all'] as const;
export type CpaPeriod = (typeof CPA_PERIODS)[number];

export const cpaStatsQuerySchema = z.object({
  period: z.enum(CPA_PERIODS).default('30d'),
  linkId: z.coerce.number().int().positive().optional(),
});

const figures = {
  hits: z.number().int(),
  regs: z.number().int(),
  /** Revenue from the link's people (their purchases). */
  value: amountSchema,
  /** The partner's income from the link: approved and paid rewards. */
  profit: amountSchema,
  paid: amountSchema,
};

export const cpaStatsSchema = z.object({
  period: z.enum(CPA_PERIODS),
  links: z.array(z.object({ linkId: z.number().int(), ...figures })),
  days: z.array(z.object({ day: z.string(), ...figures })),
  totals: z.object(figures),
});
export type CpaStats = z.infer<typeof cpaStatsSchema>;

// --- postbacks -----------------------------------------------------------------------------------------

export const cpaPostbackAttemptSchema = z.object({
  url: z.string(),
  httpStatus: z.number().int().nullable(),
  error: z.string().nullable(),
  latencyMs: z.number().int(),
  response: z.string().nullable(),
  at: z.iso.datetime(),
});

export const cpaPostbackSchema = z.object({
  id: z.string(),
  linkId: z.number().int(),
  linkName: z.string(),
  action: z.string(),
  status: z.string(),
  state: z.enum(['queued', 'delivered', 'failed', 'disabled']),
  createdAt: z.iso.datetime(),
  attempts: z.array(cpaPostbackAttemptSchema),
});
export type CpaPostback = z.infer<typeof cpaPostbackSchema>;

export const cpaPostbackListSchema = z.object({ postbacks: z.array(cpaPostbackSchema) });
export const cpaPostbackIdParamsSchema = z.object({ id: z.uuid() });

// --- admins: partners and applications ------------------------------------------------------------------

export const cpaPartnerRowSchema = z.object({
  userId: z.number().int(),
  username: z.string().nullable(),
  email: z.string(),
  status: z.enum(CPA_PARTNER_STATUSES),
  trafficSources: z.string(),
  contact: z.string(),
  appliedAt: z.iso.datetime(),
  links: z.number().int(),
  ...figures,
});
export type CpaPartnerRow = z.infer<typeof cpaPartnerRowSchema>;

export const cpaPartnersQuerySchema = z.object({ status: z.enum(CPA_PARTNER_STATUSES).optional() });
export const cpaPartnersSchema = z.object({ partners: z.array(cpaPartnerRowSchema) });

export const CPA_REJECT_REASON_MAX = 500;
export const cpaDecisionSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve') }),
  z.object({
    decision: z.literal('reject'),
    reason: requiredText(CPA_REJECT_REASON_MAX),
  }),
]);
export const cpaPartnerParamsSchema = z.object({ userId: z.coerce.number().int().positive() });

export const CPA_PROGRAMME_PATHS = {
  settings: '/cpa/settings',
  partner: '/cpa/partner',
  secret: '/cpa/partner/secret',
  rewards: '/cpa/rewards',
  stats: '/cpa/stats',
  statsCsv: '/cpa/stats.csv',
  postbacks: '/cpa/postbacks',
  resend: (id: string) => `/cpa/postbacks/${id}/resend`,
  test: (linkId: number) => `/cpa/links/${linkId}/test`,
  partners: '/cpa/partners',
  decide: (userId: number) => `/cpa/partners/${userId}/decision`,
} as const;
