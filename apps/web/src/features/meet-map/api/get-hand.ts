import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HandCard } from '@app/shared/schemas/meet';
import { api } from '../../../lib/api-client';

export const getHand = (userId: number, at: { lat: number; lng: number }) =>
  api<HandCard>(`/meet/hands/${userId}`, { query: { lat: at.lat, lng: at.lng } });

export const getHandQueryOptions = (userId: number, at: { lat: number; lng: number } | null) =>
  queryOptions({
    // The viewer's position is not part of the key: the card of a user is the same while they walk.
    queryKey: ['meet', 'hands', userId],
    queryFn: () => getHand(userId, at!),
    enabled: Boolean(at),
    retry: false,
    staleTime: 10_000,
  });

/** One hand as this viewer sees it, fresh when its card opens (404 once it was lowered). */
export const useHand = (userId: number | null, at: { lat: number; lng: number } | null) =>
  useQuery({ ...getHandQueryOptions(userId ?? 0, at), enabled: Boolean(at) && userId !== null });
