import type { QueryClient } from '@tanstack/react-query';
import { isProfileComplete } from '@app/shared/profile-complete';
import type { AuthRecordResponse } from '@app/shared/schemas/user';
import { session } from '../../../lib/session';
import { getMe, getMeQueryOptions } from '../../session/api/get-me';

/**
 * SPEC.md section 4: save the auth record, fetch the own user, then the index when the profile is
 * complete, else update-profile.
 */
export async function afterSignIn(record: AuthRecordResponse, queryClient: QueryClient): Promise<string> {
  session.save(record);
  // Fetched here and put in the cache (not fetchQuery): a prerendered screen's query cache is a
  // small stand-in without it (prerender/lite/query.tsx).
  const me = await getMe();
  queryClient.setQueryData(getMeQueryOptions().queryKey, me);
  return isProfileComplete(me.profile) ? '/' : '/auth/update-profile';
}
