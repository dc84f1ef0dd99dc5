import type { NearbyList, NearbyQuery } from '@app/shared/schemas/meet';
import type { NftLevelName } from '@app/shared/constants';
import { api } from '../../../lib/api-client';

/**
 * GET /api/meet/nearby: the hands around the viewer, nearest first. The live map keeps its own
 * store (a snapshot merged with socket events, see use-live-hands), so there is no query hook.
 */
type Query = Pick<NearbyQuery, 'mood'> & {
  lat: number;
  lng: number;
  radius?: number;
  level?: NftLevelName;
  limit?: number;
};

export const getNearby = (query: Query, signal?: AbortSignal) =>
  api<NearbyList>('/meet/nearby', { query: { ...query }, signal });
