import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { AccountService } from '../user/account-service';
import { referralRoutes } from './routes';

/** Referral links: counting visits and saving the referrer. */
export function createReferralModule(deps: { db: Db; accounts: AccountService; visitorSecret: string; clock: Clock }) {
  return {
    /** Register under /api/referral. */
    routes: referralRoutes,
    routeOptions: { db: deps.db, accounts: deps.accounts, visitorSecret: deps.visitorSecret, now: deps.clock.now },
  };
}
