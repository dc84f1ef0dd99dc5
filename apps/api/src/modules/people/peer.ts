import type { ChatPeer } from '@app/shared/schemas/chat';
import { avatarUrl } from '@app/shared/schemas/user';
import { users } from '../../db/schema';

/** The public columns a chat shows of a user (as GET /user/profile/{id}, minus age and dates). */
export const peerColumns = {
  id: users.id,
  domain: users.domain,
  firstName: users.firstName,
  lastName: users.lastName,
  avatarMediaId: users.avatarMediaId,
};

export interface PeerRow {
  id: number;
  domain: string | null;
  firstName: string | null;
  lastName: string | null;
  avatarMediaId: number | null;
}

export function toPeer(row: PeerRow): ChatPeer {
  return {
    id: row.id,
    domain: row.domain,
    firstName: row.firstName,
    lastName: row.lastName,
    avatar: row.avatarMediaId ? avatarUrl(row.avatarMediaId) : null,
  };
}

/** How a notification names a user: nickname, else first name, else the UID. */
export const displayName = (row: Pick<PeerRow, 'id' | 'domain' | 'firstName'>) =>
  row.domain ?? row.firstName ?? `#${row.id}`;
