import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyHandState } from '@app/shared/schemas/meet';
import { api } from '../../../lib/api-client';

export const getMyHand = () => api<MyHandState>('/meet/hand');

export const getMyHandQueryOptions = () =>
  queryOptions({ queryKey: ['meet', 'hand'], queryFn: getMyHand, staleTime: 30_000 });

/** The caller's own hand (null when lowered) and their ghost switch. */
export const useMyHand = () => useQuery(getMyHandQueryOptions());
