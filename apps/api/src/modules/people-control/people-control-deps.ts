import type { Role } from '@app/shared/constants';
import type { KycLevel } from '@app/shared/schemas/kyc';
import type { Db } from '../../db/client';
import type { AccountBlocks } from './account-blocks';

/** What the people screens' routes use; staff designation belongs to the KYC module and comes in here. */
export interface PeopleControlDeps {
  db: Db;
  blocks: AccountBlocks;
  setRole(
    target: { userId: number },
    change: { role: Role; level?: KycLevel },
    actor: { id: number | null; role?: string | null; ip?: string | null; requestId?: string | null; reason?: string },
  ): Promise<void>;
}
