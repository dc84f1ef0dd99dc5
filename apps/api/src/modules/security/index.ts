import type { Redis } from 'ioredis';
import type { Db } from '../../db/client';
import type { AccountLimits } from '../../lib/account-limits';
import type { PasswordParams } from '../../lib/password';
import { createSecretBox } from '../../lib/secret-box';
import type { Mailer } from '../mail/mailer';
import type { CodeHasher } from '../user/email-codes';
import type { SessionService } from '../sessions/session-service';
import { createAccountChanges } from './account-changes';
import { createRecoveryHasher } from './recovery-codes';
import { securityRoutes } from './routes';
import { createStaffAccess, type StaffAccessPolicy } from './staff-access';
import { createStepUp } from './step-up';
import { createTotpService } from './totp-service';

/**
 * Step-up and TOTP (decision 020): the proof asked before money or the account changes, the
 * authenticator enrolment, and the password and e-mail changes. It sits beside `user`, at the
 * bottom: modules above get `stepUp.verify`; `hasTotp` and `verifyTotp` (./totp) serve staff checks.
 */
export function createSecurityModule(deps: {
  db: Db;
  serverSecret: string;
  hashCode: CodeHasher;
  mailer: Mailer;
  limits: AccountLimits;
  password: PasswordParams;
  redis?: Redis;
  sessions: SessionService;
  staff: StaffAccessPolicy;
}) {
  const box = createSecretBox(`${deps.serverSecret}:totp`);
  const hashRecovery = createRecoveryHasher(`${deps.serverSecret}:recovery-codes`);
  const stepUp = createStepUp({ ...deps, box, hashRecovery });
  const totp = createTotpService({ db: deps.db, box, hashRecovery, stepUp });
  const changes = createAccountChanges({ ...deps, stepUp });
  const staffAccess = createStaffAccess({ db: deps.db, stepUp, sessions: deps.sessions, policy: deps.staff });
  return {
    stepUp,
    box,
    /** Register under /api/user. */
    routes: securityRoutes,
    routeOptions: { stepUp, totp, changes, staffAccess, sessions: deps.sessions },
  };
}
export type SecurityModule = ReturnType<typeof createSecurityModule>;
