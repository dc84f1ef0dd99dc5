import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListedNft } from '@app/shared/schemas/crypto';
import { api, ApiError } from '../../../lib/api-client';

export const getListedNft = (id: number) => api<ListedNft>(`/crypto/market/nft/${id}`);

export const getListedNftQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['crypto', 'market', 'nft', id],
    queryFn: () => getListedNft(id),
    // A sold token answers 404 NFT_NOT_FOR_SALE: that is the answer, not a failure to retry.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });

/** The token a ?nft= link points at (SPEC.md section 4), while it is still for sale. */
export const useListedNft = (id: number | null) =>
  useQuery({ ...getListedNftQueryOptions(id ?? 0), enabled: id !== null });
