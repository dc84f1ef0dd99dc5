import { createAccountService, type AccountDeps } from './account-service';
import { userRoutes } from './routes';
import type { SessionsModule } from '../sessions';

/** Accounts: registration, sign-in with a password, e-mail codes, the profile. */
export function createUserModule(
  deps: AccountDeps & {
    minAge: number;
    clientOf: SessionsModule['clientOf'];
    /** GET /api/user/me's answers, kept by the sessions module with the rows it reads. */
    profiles: SessionsModule['profiles'];
  },
) {
  const { minAge, clientOf, profiles, ...accountDeps } = deps;
  const accounts = createAccountService(accountDeps);
  return {
    accounts,
    /** Register under /api/user. */
    routes: userRoutes,
    routeOptions: { accounts, minAge, db: deps.db, clientOf, profiles },
  };
}
export type UserModule = ReturnType<typeof createUserModule>;
