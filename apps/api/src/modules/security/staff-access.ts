import { STAFF_ROLES } from '@app/shared/constants';
import type { StaffAccess, StaffProveRequest } from '@app/shared/schemas/security';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import type { SessionService } from '../sessions/session-service';
import type { StepUp } from './step-up';
import { hasTotp } from './totp';

export interface StaffAccessPolicy {
  required: boolean;
  sessionMs: number;
  freshMs: number;
}

/**
 * The staff second factor per sign-in (decision 029): a moderator or admin proves the account's
 * TOTP (or spends a recovery code) once per staff session, and again before money or KYC decisions
 * once the proof is older than a few minutes. Wrong codes count on step-up's limiter.
 */
export function createStaffAccess(deps: {
  db: Db;
  stepUp: StepUp;
  sessions: Pick<SessionService, 'markSecondFactor'>;
  policy: StaffAccessPolicy;
}) {
  const { policy } = deps;
  const iso = (at: Date | null, plusMs: number) => (at ? new Date(at.getTime() + plusMs).toISOString() : null);

  return {
    async status(auth: AuthUser, now = Date.now()): Promise<StaffAccess> {
      const proven = auth.secondFactorAt ?? null;
      const live = proven && now - proven.getTime() < policy.sessionMs ? proven : null;
      return {
        staff: STAFF_ROLES.includes(auth.role),
        required: policy.required,
        enrolled: await hasTotp(deps.db, auth.id),
        provenAt: live?.toISOString() ?? null,
        validUntil: iso(live, policy.sessionMs),
        freshUntil: iso(live, policy.freshMs),
        sessionHours: policy.sessionMs / 3_600_000,
        freshMinutes: policy.freshMs / 60_000,
      };
    },

    async prove(auth: AuthUser, proof: StaffProveRequest): Promise<StaffAccess> {
      if (!(await hasTotp(deps.db, auth.id))) throw new AppError('STAFF_TOTP_ENROL_REQUIRED');
      // Only codes are asked here, so a wrong one is told as such (step-up's text names the password).
      await deps.stepUp.verify(auth.id, proof).catch((error: unknown) => {
        throw error instanceof AppError && error.code === 'STEP_UP_INVALID' ? new AppError('TOTP_CODE_INVALID') : error;
      });
      const at = new Date();
      await deps.sessions.markSecondFactor(auth.sessionId, at);
      return this.status({ ...auth, secondFactorAt: at }, at.getTime());
    },
  };
}
export type StaffAccessService = ReturnType<typeof createStaffAccess>;
