import type { Db } from '../../db/client';
import { createAccountBlocks, type AccountBlocksDeps } from './account-blocks';
import type { PeopleControlDeps } from './people-control-deps';
import { peopleControlRoutes } from './routes';

/**
 * The admin area's people: search, a person's page, blocking and roles. The block service is
 * handed to the report module too (a report is resolved by blocking, in the same transaction).
 */
export function createPeopleControlModule(opts: {
  db: Db;
  endSessionsIn: AccountBlocksDeps['endSessionsIn'];
  closeSessions: AccountBlocksDeps['closeSessions'];
  /** The KYC module's staff designation (kyc/staff.ts setRole), bound to the database. */
  setRole: PeopleControlDeps['setRole'];
}) {
  const blocks = createAccountBlocks(opts);
  const deps: PeopleControlDeps = { db: opts.db, blocks, setRole: opts.setRole };
  return {
    blocks,
    /** Register under /api/control/people. */
    routes: peopleControlRoutes,
    routeOptions: { deps },
  };
}
