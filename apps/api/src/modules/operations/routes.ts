import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okSchema } from '@app/shared/schemas/auth';
import {
  failedJobParamsSchema,
  jobActionSchema,
  operationsOverviewSchema,
  retryingStepParamsSchema,
} from '@app/shared/schemas/operations';
import type { Db } from '../../db/client';
import { auditActor } from '../audit/record-audit';
import { listChainSteps, listDifferences } from './chain-state';
import { discardFailedJob, listFailedJobs, retryFailedJob } from './failed-jobs';
import { listRetryingSteps, retryChainStepNow } from './retrying-steps';

const bearer = [{ bearer: [] }];

/** Admins: failed jobs with retry and discard, stuck or failed chain steps, retrying worker rows, reconciliation. */
export const operationsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRoute', app.staffOnly('admin'));

  app.get(
    '/',
    {
      schema: {
        tags: ['control'],
        summary:
          'Admins: failed (dead-letter) jobs, stuck or reverted chain steps, worker rows retrying or parked, reconciliation differences',
        security: bearer,
        response: { 200: operationsOverviewSchema },
      },
    },
    async () => ({
      failedJobs: await listFailedJobs(db),
      chainSteps: await listChainSteps(db),
      retryingSteps: await listRetryingSteps(db),
      differences: await listDifferences(db),
    }),
  );

  app.post(
    '/:id/retry',
    {
      schema: {
        tags: ['control'],
        summary: 'Admins: run a failed job once more (audit-logged as job.retry)',
        security: bearer,
        params: failedJobParamsSchema,
        body: jobActionSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await retryFailedJob(db, auditActor(request), request.params.id, request.body.reason);
      return { ok: true as const };
    },
  );

  app.post(
    '/:id/discard',
    {
      schema: {
        tags: ['control'],
        summary: 'Admins: drop a failed job from the list without running it (audit-logged as job.discard)',
        security: bearer,
        params: failedJobParamsSchema,
        body: jobActionSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await discardFailedJob(db, auditActor(request), request.params.id, request.body.reason);
      return { ok: true as const };
    },
  );

  app.post(
    '/chain/:kind/:refId/retry',
    {
      schema: {
        tags: ['control'],
        summary: "Admins: a chain worker's retrying or parked row tries again now (audit-logged as chain.step.retry)",
        security: bearer,
        params: retryingStepParamsSchema,
        body: jobActionSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const { kind, refId } = request.params;
      await retryChainStepNow(db, auditActor(request), kind, refId, request.body.reason);
      return { ok: true as const };
    },
  );
};
