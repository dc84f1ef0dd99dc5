import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { SessionsModule } from '../sessions';
import { providerSignInRoutes } from './routes';

/** Sign in with an OpenID Connect provider (Apple's). */
export function createProviderSignInModule(deps: {
  db: Db;
  sessions: SessionsModule['sessions'];
  clientOf: SessionsModule['clientOf'];
  config: Config;
  /** Runs once a provider sign-in is claimed, as after a password sign-in (ADMIN_EMAILS promotion). */
  onSignIn?: (userId: number) => Promise<unknown>;
}) {
  return {
    /** Register under /api/user. */
    routes: providerSignInRoutes,
    routeOptions: deps,
  };
}
