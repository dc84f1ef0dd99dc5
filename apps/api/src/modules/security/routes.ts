import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { codeSentSchema, okSchema } from '@app/shared/schemas/auth';
import {
  emailChangeRequestSchema,
  passwordChangeRequestSchema,
  recoveryCodesSchema,
  stepUpBodySchema,
  totpConfirmRequestSchema,
  totpSetupSchema,
  staffAccessSchema,
  staffProveRequestSchema,
  totpStatusSchema,
} from '@app/shared/schemas/security';
import { meSchema } from '@app/shared/schemas/user';
import type { SessionService } from '../sessions/session-service';
import type { AccountChanges } from './account-changes';
import type { StaffAccessService } from './staff-access';
import type { StepUp } from './step-up';
import type { TotpService } from './totp-service';

const bearer = [{ bearer: [] }];

/** Under /api/user: the step-up code, TOTP, and the password and e-mail changes that need a step-up. */
export const securityRoutes: FastifyPluginAsyncZod<{
  stepUp: StepUp;
  totp: TotpService;
  changes: AccountChanges;
  staffAccess: StaffAccessService;
  sessions: Pick<SessionService, 'markSecondFactor' | 'clearSecondFactor'>;
}> = async (app, { stepUp, totp, changes, staffAccess, sessions }) => {
  const tags = ['security'];
  const signedIn = { preHandler: app.authenticate };
  const strict = { ...signedIn, config: { rateLimit: app.rateLimits.auth } };
  const userId = (request: { auth?: { id: number } }) => request.auth!.id;

  app.post(
    '/step-up/send-code',
    {
      ...strict,
      schema: {
        tags,
        summary: 'Mail a one-time code that confirms a withdrawal or an account change',
        security: bearer,
        response: { 200: codeSentSchema },
      },
    },
    async (request) => stepUp.sendCode(userId(request)),
  );

  app.get(
    '/totp',
    {
      ...signedIn,
      schema: { tags, summary: 'Whether TOTP is on', security: bearer, response: { 200: totpStatusSchema } },
    },
    async (request) => totp.status(userId(request)),
  );
  app.post(
    '/totp/setup',
    {
      ...strict,
      schema: {
        tags,
        summary: 'A new TOTP secret to scan (needs the password or a mailed code)',
        security: bearer,
        body: stepUpBodySchema,
        response: { 200: totpSetupSchema },
      },
    },
    async (request) => totp.setup(userId(request), request.body.stepUp),
  );
  app.post(
    '/totp/confirm',
    {
      ...strict,
      schema: {
        tags,
        summary: 'Turn TOTP on with its first code; answers the recovery codes once',
        security: bearer,
        body: totpConfirmRequestSchema,
        response: { 200: recoveryCodesSchema },
      },
    },
    async (request) => {
      const codes = await totp.confirm(userId(request), request.body.code);
      // The first code proves the app on this sign-in too: a staff member enrolling is let in.
      await sessions.markSecondFactor(request.auth!.sessionId);
      return codes;
    },
  );
  app.post(
    '/totp/disable',
    {
      ...strict,
      schema: {
        tags,
        summary: 'Turn TOTP off (needs a current code or a recovery code)',
        security: bearer,
        body: stepUpBodySchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await totp.disable(userId(request), request.body.stepUp);
      await sessions.clearSecondFactor(userId(request));
      return { ok: true as const };
    },
  );
  app.post(
    '/totp/recovery-codes',
    {
      ...strict,
      schema: {
        tags,
        summary: 'New recovery codes; the old ones stop working',
        security: bearer,
        body: stepUpBodySchema,
        response: { 200: recoveryCodesSchema },
      },
    },
    async (request) => totp.renewRecoveryCodes(userId(request), request.body.stepUp),
  );

  app.post(
    '/password/change',
    {
      ...strict,
      schema: {
        tags,
        summary: 'Set a new password (needs a step-up)',
        security: bearer,
        body: passwordChangeRequestSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await changes.changePassword(
        { userId: userId(request), sessionId: request.auth!.sessionId },
        request.body.password,
        request.body.stepUp,
      );
      return { ok: true as const };
    },
  );
  app.post(
    '/email/change',
    {
      ...strict,
      schema: {
        tags,
        summary: 'Change the e-mail (needs a step-up); the new address gets a confirmation code',
        security: bearer,
        body: emailChangeRequestSchema,
        response: { 200: meSchema },
      },
    },
    async (request) => changes.changeEmail(userId(request), request.body.email, request.body.stepUp),
  );

  app.get(
    '/staff-access',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'What the admin area asks of this sign-in: TOTP on, proven, and until when',
        security: bearer,
        response: { 200: staffAccessSchema },
      },
    },
    async (request) => staffAccess.status(request.auth!),
  );
  app.post(
    '/staff-access',
    {
      ...strict,
      schema: {
        tags,
        summary: "Prove the account's TOTP (or a recovery code) for this sign-in",
        security: bearer,
        body: staffProveRequestSchema,
        response: { 200: staffAccessSchema },
      },
    },
    async (request) => staffAccess.prove(request.auth!, request.body),
  );
};
