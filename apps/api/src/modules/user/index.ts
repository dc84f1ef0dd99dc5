import { createAccountService, type AccountDeps } from './account-service';
import { userRoutes } from './routes';
import type { SessionsModule } from '../sessions';

/** Accounts: registration, sign-in with a password, e-mail codes, the profile. */
export function createUserModule(deps: AccountDeps & { minAge: number; clientOf: SessionsModule['clientOf'] }) {
  const { minAge, clientOf, ...accountDeps } = deps;
  const accounts = createAccountService(accountDeps);
  return {
    accounts,
    /** Register under /api/user. */
    routes: userRoutes,
    routeOptions: { accounts, minAge, db: deps.db, clientOf },
  };
}
export type UserModule = ReturnType<typeof createUserModule>;
