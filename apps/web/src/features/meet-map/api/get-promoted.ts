import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PromotedList } from '@app/shared/schemas/business';
import type { WatchArea } from '@app/shared/schemas/meet';
import { api } from '../../../lib/api-client';

/** Promotions start and end by the day: a look every few minutes keeps the pins current. */
const REFRESH_MS = 5 * 60_000;

/** Promoted company pins running now in the watched area (public, the same for everyone). */
export function usePromoted(area: WatchArea | null) {
  return useQuery({
    queryKey: ['business', 'promoted', area?.lat, area?.lng, area?.radius],
    queryFn: () =>
      api<PromotedList>('/business/promoted', { query: { lat: area!.lat, lng: area!.lng, radius: area!.radius } }),
    enabled: area !== null,
    refetchInterval: REFRESH_MS,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
