import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Me } from '@app/shared/schemas/user';
import { api } from '../../../lib/api-client';
import { session, useSession } from '../../../lib/session';

export const getMe = async (): Promise<Me> => {
  const me = await api<Me>('/user/me');
  session.updateUser(me);
  return me;
};

export const getMeQueryOptions = () => queryOptions({ queryKey: ['user', 'me'], queryFn: getMe, staleTime: 60_000 });

/** The signed-in user; disabled for guests. Starts from the copy kept in the auth record. */
export function useMe() {
  const record = useSession();
  return useQuery({
    ...getMeQueryOptions(),
    enabled: Boolean(record?.token),
    initialData: record?.user ?? undefined,
    initialDataUpdatedAt: 0,
  });
}
