import { queryOptions, useQuery } from '@tanstack/react-query';
import { SESSION_PATHS, type SessionList } from '@app/shared/schemas/sessions';
import { api } from '../../../lib/api-client';

export const getSessions = () => api<SessionList>(SESSION_PATHS.list);

export const getSessionsQueryOptions = () =>
  queryOptions({ queryKey: ['user', 'sessions'], queryFn: getSessions, staleTime: 30_000 });

/** Where this account is signed in, newest first; this device is marked `current`. */
export const useSessions = () => useQuery(getSessionsQueryOptions());
