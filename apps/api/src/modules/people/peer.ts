import type { ChatPeer } from '@app/shared/schemas/chat';
import { avatarUrl } from '@app/shared/schemas/user';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { kycApplications, users } from '../../db/schema';

/** Whether the user of this id column is KYC approved (the blue checkmark), inside the same query. */
export const verifiedColumn = (userId: AnyColumn): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${kycApplications} where ${kycApplications.userId} = ${userId} and ${kycApplications.status} = 'approved')`.mapWith(
    Boolean,
  );

/** The public columns a chat shows of a user (as GET /user/profile/{id}, minus age and dates). */
export const peerColumns = {
  id: users.id,
  domain: users.domain,
  firstName: users.firstName,
  lastName: users.lastName,
  avatarMediaId: users.avatarMediaId,
  verified: verifiedColumn(users.id),
};

export interface PeerRow {
  id: number;
  domain: string | null;
  firstName: string | null;
  lastName: string | null;
  avatarMediaId: number | null;
  verified: boolean;
}

export function toPeer(row: PeerRow): ChatPeer {
  return {
    id: row.id,
    domain: row.domain,
    firstName: row.firstName,
    lastName: row.lastName,
    avatar: row.avatarMediaId ? avatarUrl(row.avatarMediaId) : null,
    verified: row.verified,
  };
}

/** How a notification names a user: nickname, else first name, else the UID. */
export const displayName = (row: Pick<PeerRow, 'id' | 'domain' | 'firstName'>) =>
  row.domain ?? row.firstName ?? `#${row.id}`;
