import { z } from 'zod';
import { MSG, withValues } from '../validation/messages';

/**
 * Jobs and chain (/control/jobs): jobs that failed for good (the queue's dead letters) with retry
 * and discard, chain steps that are stuck or failed, worker rows retrying or parked (retry now),
 * and what reconciliation found.
 */

export const failedJobSchema = z.object({
  /** The dead letter's id (what retry and discard name). */
  id: z.string(),
  queue: z.string(),
  data: z.unknown(),
  /** The last error, as the job's handler threw it. */
  error: z.string().nullable(),
  failedAt: z.string(),
});
export type FailedJob = z.infer<typeof failedJobSchema>;

/** Stuck: signed and broadcast long ago, its outcome still unknown. Reverted: mined, and it failed. */
export const CHAIN_STEP_STATES = ['stuck', 'reverted'] as const;
export type ChainStepState = (typeof CHAIN_STEP_STATES)[number];

export const chainStepSchema = z.object({
  hash: z.string(),
  purpose: z.string(),
  refId: z.number().int().nullable(),
  fromAddress: z.string(),
  nonce: z.number().int(),
  state: z.enum(CHAIN_STEP_STATES),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type ChainStep = z.infer<typeof chainStepSchema>;

/** The chain workers whose rows retry with backoff after a step threw (the node did not answer). */
export const RETRYING_STEP_KINDS = ['purchase', 'withdrawal', 'payout'] as const;
export type RetryingStepKind = (typeof RETRYING_STEP_KINDS)[number];
/** Tries before a row is parked for an admin (5 s, 10 s, 20 s … apart: about 25 minutes). */
export const CHAIN_STEP_MAX_TRIES = 10;

/** A worker row whose step failed lately: waiting for its next try, or parked after the last. */
export const retryingStepSchema = z.object({
  kind: z.enum(RETRYING_STEP_KINDS),
  /** The purchase, withdrawal (crypto transaction) or treasury payout. */
  refId: z.number().int(),
  tries: z.number().int(),
  maxTries: z.number().int(),
  nextAt: z.string(),
  lastError: z.string(),
  parked: z.boolean(),
  updatedAt: z.string(),
});
export type RetryingStep = z.infer<typeof retryingStepSchema>;

export const retryingStepParamsSchema = z.object({
  kind: z.enum(RETRYING_STEP_KINDS, { error: MSG.invalidValue }),
  refId: z.coerce.number({ error: MSG.invalidValue }).int().positive({ error: MSG.invalidValue }),
});

export const DIFFERENCE_STATES = ['open', 'repaired', 'resolved'] as const;
export type DifferenceState = (typeof DIFFERENCE_STATES)[number];

export const reconciliationDifferenceSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  subject: z.string(),
  expected: z.string().nullable(),
  actual: z.string().nullable(),
  state: z.enum(DIFFERENCE_STATES),
  foundAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type ReconciliationDifference = z.infer<typeof reconciliationDifferenceSchema>;

export const operationsOverviewSchema = z.object({
  failedJobs: z.array(failedJobSchema),
  chainSteps: z.array(chainStepSchema),
  retryingSteps: z.array(retryingStepSchema),
  differences: z.array(reconciliationDifferenceSchema),
});
export type OperationsOverview = z.infer<typeof operationsOverviewSchema>;

export const failedJobParamsSchema = z.object({ id: z.uuid({ error: MSG.invalidValue }) });

/** Retry and discard ask why (it goes to the audit log); optional, a short sentence. */
export const jobActionSchema = z.object({
  reason: z
    .string()
    .trim()
    .max(500, { error: withValues(MSG.maxLength, { n: 500 }) })
    .optional(),
});
export type JobAction = z.infer<typeof jobActionSchema>;

export const OPERATIONS_PATHS = {
  overview: '/control/jobs',
  retry: (id: string) => `/control/jobs/${id}/retry`,
  discard: (id: string) => `/control/jobs/${id}/discard`,
  retryStep: (kind: RetryingStepKind, refId: number) => `/control/jobs/chain/${kind}/${refId}/retry`,
} as const;
