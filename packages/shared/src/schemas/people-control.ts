import { z } from 'zod';
import { ROLES } from '../constants';
import { MSG } from '../validation/messages';
import { requiredText } from '../validation/rules';
import { kycLevelSchema } from './kyc';
import { reportSchema } from './chat';
import { referralPersonSchema, SELF_REFERRAL_REASONS } from './referral';

/**
 * The admin area's people and report actions (PRODUCT.md "Admin (/control)": reports, people).
 * Every action carries the staff member's reason: it goes into the audit log beside the change.
 */

export const STAFF_REASON_MAX_LENGTH = 500;
/** The reported message's neighbours shown on each side of it. */
export const REPORT_CONTEXT_MESSAGES = 3;

const idParam = z.coerce
  .number({ error: MSG.invalidValue })
  .int({ error: MSG.invalidValue })
  .positive({ error: MSG.invalidValue });
/** PostgreSQL text cannot hold NUL characters; refuse them as invalid input rather than fail later. */
const staffReason = requiredText(STAFF_REASON_MAX_LENGTH).refine((value) => !value.includes('\u0000'), {
  error: MSG.invalidValue,
});

export const PEOPLE_CONTROL_PATHS = {
  people: '/control/people',
  person: (id: number) => `/control/people/${id}`,
  block: (id: number) => `/control/people/${id}/block`,
  unblock: (id: number) => `/control/people/${id}/unblock`,
  role: (id: number) => `/control/people/${id}/role`,
  reportList: '/report/list',
  reportAction: (id: number, action: ReportAction) => `/report/${id}/${action}`,
} as const;

export const personParamsSchema = z.object({ id: idParam });

/** Take (assign to me), dismiss, warn the person, or block their account. */
export const REPORT_ACTIONS = ['assign', 'dismiss', 'warn', 'block'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

/** Body of the report actions, block, unblock: why (taking a report needs no reason). */
export const staffReasonRequestSchema = z.object({ reason: staffReason });
export type StaffReasonRequest = z.input<typeof staffReasonRequestSchema>;
export const assignReportRequestSchema = z.object({ reason: staffReason.optional() });

/** GET /control/people {q, offset, limit}: `q` matches an id, an e-mail, a nickname or a name. */
export const peopleQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(100, { error: MSG.invalidValue })
    .refine((value) => !value.includes('\u0000'), { error: MSG.invalidValue })
    .optional(),
  offset: z.coerce.number({ error: MSG.invalidValue }).int().min(0, { error: MSG.invalidValue }).default(0),
  limit: z.coerce
    .number({ error: MSG.invalidValue })
    .int()
    .min(1, { error: MSG.invalidValue })
    .max(100, { error: MSG.invalidValue })
    .default(25),
});
export type PeopleQuery = z.input<typeof peopleQuerySchema>;

export const personRowSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  domain: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.enum(ROLES),
  /** A moderator's level; null for everyone else. */
  level: kycLevelSchema.nullable(),
  blockedAt: z.string().nullable(),
  createdAt: z.string(),
  /** Reports about them still waiting (OPEN or ASSIGNED). */
  openReports: z.number().int(),
});
export type PersonRow = z.infer<typeof personRowSchema>;
export const peopleListSchema = z.object({ items: z.array(personRowSchema), total: z.number().int() });
export type PeopleList = z.infer<typeof peopleListSchema>;

const when = z.string();
/** A person's page: the profile, the money, the tokens, what happened and where they signed in. */
export const personDetailSchema = z.object({
  person: personRowSchema.extend({
    avatar: z.string().nullable(),
    birthday: z.string().nullable(),
    gender: z.number().int().nullable(),
    locale: z.string(),
    emailVerified: z.boolean(),
    ghost: z.boolean(),
    deletedAt: z.string().nullable(),
  }),
  /** Ledger balances in USDT (decimal strings); the deposit address when a wallet exists. */
  wallet: z.object({
    address: z.string().nullable(),
    available: z.string(),
    escrow: z.string(),
    withdrawing: z.string(),
  }),
  tokens: z.array(z.object({ id: z.number().int(), type: z.number().int(), acquiredAt: when.nullable() })),
  transactions: z.array(
    z.object({
      id: z.number().int(),
      type: z.string(),
      status: z.string(),
      currency: z.string(),
      /** A decimal string in the currency's units. */
      amount: z.string(),
      createdAt: when,
    }),
  ),
  /** The application (one per person) and its decisions as the audit log recorded them, newest first. */
  kyc: z.object({
    application: z
      .object({
        id: z.number().int(),
        status: z.string(),
        requestedNftType: z.number().int(),
        maxNftType: z.number().int().nullable(),
        attemptNumber: z.number().int(),
        revoked: z.boolean(),
        submittedAt: when.nullable(),
        decidedAt: when.nullable(),
      })
      .nullable(),
    history: z.array(
      z.object({ action: z.string(), actorId: z.number().int().nullable(), status: z.string().nullable(), at: when }),
    ),
  }),
  reports: z.array(reportSchema.pick({ id: true, reason: true, comment: true, status: true, createdAt: true })),
  sessions: z.array(
    z.object({
      id: z.string(),
      device: z.string(),
      country: z.string().nullable(),
      createdAt: when,
      lastSeenAt: when,
      live: z.boolean(),
      endedReason: z.string().nullable(),
    }),
  ),
  /**
   * The referral programme around the person: who brought them, how many they brought, and the
   * rewards withheld as self-referral where they are either side (`role`), newest first.
   */
  referral: z.object({
    referrer: referralPersonSchema.nullable(),
    directReferrals: z.number().int(),
    flags: z.array(
      z.object({
        id: z.number().int(),
        /** beneficiary: the reward would have gone to this person; referral: it came from them. */
        role: z.enum(['beneficiary', 'referral']),
        other: referralPersonSchema,
        reason: z.enum(SELF_REFERRAL_REASONS),
        createdAt: when,
      }),
    ),
    flagsTotal: z.number().int(),
  }),
});
export type PersonDetail = z.infer<typeof personDetailSchema>;

/** PUT /control/people/{id}/role: a moderator's level is required; others have none. */
export const setRoleRequestSchema = z
  .object({
    role: z.enum(ROLES, { error: MSG.invalidValue }),
    level: kycLevelSchema.optional(),
    reason: staffReason,
  })
  .refine((body) => body.role === 'moderator' || body.level === undefined, {
    error: MSG.invalidValue,
    path: ['level'],
  })
  .refine((body) => body.role !== 'moderator' || body.level !== undefined, { error: MSG.required, path: ['level'] });
export type SetRoleRequest = z.input<typeof setRoleRequestSchema>;
