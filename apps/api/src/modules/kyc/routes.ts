import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  kycApplicationSchema,
  kycConfirmRequestSchema,
  kycDecisionRequestSchema,
  kycDetailSchema,
  kycListQuerySchema,
  kycListSchema,
  kycNoteRequestSchema,
  kycStartRequestSchema,
  kycSubmitRequestSchema,
  staffDesignationRequestSchema,
  staffListSchema,
} from '@app/shared/schemas/kyc';
import { mediaIdSchema } from '@app/shared/schemas/media';
import { getApplication, renewSelfieCode, startApplication, submitApplication } from './application-service';
import type { KycDeps } from './kyc-deps';
import {
  claimApplication,
  confirmDecision,
  decideApplication,
  getApplicationDetail,
  listApplications,
  saveInternalNote,
} from './moderation-service';
import { auditActor } from '../audit/record-audit';
import { designateStaff, listStaff, staffOf } from './staff';

const idParams = z.object({ id: mediaIdSchema });
const secured = { security: [{ bearer: [] }] };

/** /api/kyc: the person's application and the moderators' calls (SPEC.md section 7 "KYC moderation"). */
export const kycRoutes: FastifyPluginAsyncZod<{ deps: KycDeps }> = async (app, { deps }) => {
  app.addHook('preHandler', app.authenticate);
  // Moderation is staff work: the admin host, the staff second factor (decision 029).
  const staffGate = app.requireRole('admin', 'moderator');
  const staff = (request: { auth?: { id: number; role: 'user' | 'moderator' | 'admin' } }) =>
    staffOf(deps.db, request.auth!);

  app.get(
    '/application',
    {
      schema: {
        tags: ['kyc'],
        summary: 'My KYC application: status, steps, attempts, what to do next',
        ...secured,
        response: { 200: kycApplicationSchema },
      },
    },
    async (request) => getApplication(deps, request.auth!.id),
  );
  app.post(
    '/application',
    {
      schema: {
        tags: ['kyc'],
        summary: 'Start (or reopen after a rejection) my KYC application',
        ...secured,
        body: kycStartRequestSchema,
        response: { 200: kycApplicationSchema },
      },
    },
    async (request) => startApplication(deps, request.auth!.id, request.body.level),
  );
  app.post(
    '/application/selfie-code',
    {
      schema: {
        tags: ['kyc'],
        summary: 'A new one-time code for the selfie (a selfie with the old one is dropped)',
        ...secured,
        response: { 200: kycApplicationSchema },
      },
    },
    async (request) => renewSelfieCode(deps, request.auth!.id),
  );
  app.post(
    '/application/submit',
    {
      schema: {
        tags: ['kyc'],
        summary: 'Send the document and the selfie to the moderators',
        ...secured,
        body: kycSubmitRequestSchema,
        response: { 200: kycApplicationSchema },
      },
    },
    async (request) => submitApplication(deps, request.auth!.id, request.body.version),
  );

  app.get(
    '/moderate/list',
    {
      preHandler: staffGate,
      schema: {
        tags: ['kyc'],
        summary: 'Moderators: applications, oldest first, by status and last name',
        ...secured,
        querystring: kycListQuerySchema,
        response: { 200: kycListSchema },
      },
    },
    async (request) => listApplications(deps, await staff(request), request.query),
  );
  app.get(
    '/moderate/:id',
    {
      preHandler: staffGate,
      schema: {
        tags: ['kyc'],
        summary: 'Moderators: one application with its attempts, photos and duplicates',
        ...secured,
        params: idParams,
        response: { 200: kycDetailSchema },
      },
    },
    async (request) => getApplicationDetail(deps, await staff(request), request.params.id, auditActor(request)),
  );
  app.patch(
    '/moderate/:id',
    {
      preHandler: [staffGate, app.requireFreshSecondFactor],
      schema: {
        tags: ['kyc'],
        summary: 'Moderators: approve, reject, reject forever or revoke (version checked)',
        ...secured,
        params: idParams,
        body: kycDecisionRequestSchema,
        response: { 200: kycDetailSchema },
      },
    },
    async (request) =>
      decideApplication(deps, await staff(request), request.params.id, request.body, auditActor(request)),
  );
  app.post(
    '/moderate/:id/confirm',
    {
      preHandler: [staffGate, app.requireFreshSecondFactor],
      schema: {
        tags: ['kyc'],
        summary: 'A second staff member confirms or discards a final rejection or revocation',
        ...secured,
        params: idParams,
        body: kycConfirmRequestSchema,
        response: { 200: kycDetailSchema },
      },
    },
    async (request) =>
      confirmDecision(deps, await staff(request), request.params.id, request.body, auditActor(request)),
  );
  app.post(
    '/moderate/:id/claim',
    {
      preHandler: staffGate,
      schema: {
        tags: ['kyc'],
        summary: 'Show other moderators that I am looking at this application',
        ...secured,
        params: idParams,
        response: { 200: kycDetailSchema },
      },
    },
    async (request) => claimApplication(deps, await staff(request), request.params.id, false, auditActor(request)),
  );
  app.delete(
    '/moderate/:id/claim',
    {
      preHandler: staffGate,
      schema: {
        tags: ['kyc'],
        summary: 'Release my claim',
        ...secured,
        params: idParams,
        response: { 200: kycDetailSchema },
      },
    },
    async (request) => claimApplication(deps, await staff(request), request.params.id, true, auditActor(request)),
  );
  app.put(
    '/moderate/:id/note',
    {
      preHandler: staffGate,
      schema: {
        tags: ['kyc'],
        summary: 'The internal note (staff only, never shown to the person)',
        ...secured,
        params: idParams,
        body: kycNoteRequestSchema,
        response: { 200: kycDetailSchema },
      },
    },
    async (request) =>
      saveInternalNote(deps, await staff(request), request.params.id, request.body.internalNote, auditActor(request)),
  );

  app.get(
    '/moderators',
    {
      preHandler: app.requireRole('admin'),
      schema: {
        tags: ['kyc'],
        summary: 'Admins: moderators and admins with their levels',
        ...secured,
        response: { 200: staffListSchema },
      },
    },
    async () => listStaff(deps.db),
  );
  app.put(
    '/moderators/:id',
    {
      preHandler: app.requireRole('admin'),
      schema: {
        tags: ['kyc'],
        summary: 'Admins: make someone a moderator of a level, or a user again',
        ...secured,
        params: idParams,
        body: staffDesignationRequestSchema,
        response: { 200: staffListSchema },
      },
    },
    async (request) => {
      await designateStaff(deps.db, { ...request.auth!, ip: request.ip }, request.params.id, request.body);
      await deps.userChanged(request.params.id);
      return listStaff(deps.db);
    },
  );
};
