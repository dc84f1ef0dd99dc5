import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Unread } from '@app/shared/schemas/chat';
import { api } from '../../../lib/api-client';
import { UNREAD_KEY } from './keys';

export const getUnread = () => api<Unread>('/chat/unread');

export const getUnreadQueryOptions = () =>
  queryOptions({ queryKey: UNREAD_KEY, queryFn: getUnread, staleTime: 60_000 });

/** Unread messages over all conversations (the header badge); off for guests. */
export const useUnread = (enabled: boolean) => useQuery({ ...getUnreadQueryOptions(), enabled });
