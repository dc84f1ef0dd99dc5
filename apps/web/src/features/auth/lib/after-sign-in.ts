import type { QueryClient } from '@tanstack/react-query';
import { isProfileComplete } from '@app/shared/schemas/user';
import type { AuthRecordResponse } from '@app/shared/schemas/user';
import { session } from '../../../lib/session';
import { getMeQueryOptions } from '../../session/api/get-me';

/**
 * SPEC.md section 4: save the auth record, fetch the own user, then the index when the profile is
 * complete, else update-profile.
 */
export async function afterSignIn(record: AuthRecordResponse, queryClient: QueryClient): Promise<string> {
  session.save(record);
  const me = await queryClient.fetchQuery({ ...getMeQueryOptions(), staleTime: 0 });
  return isProfileComplete(me.profile) ? '/' : '/auth/update-profile';
}
