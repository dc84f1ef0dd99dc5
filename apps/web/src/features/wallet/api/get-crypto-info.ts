import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CryptoInfo } from '@app/shared/schemas/crypto';
import { api } from '../../../lib/api-client';

/** The chain id of the embedded development chain (Hardhat): its faucet exists only there. */
export const DEV_CHAIN_ID = 31337;

export const getCryptoInfo = () => api<CryptoInfo>('/crypto');

export const getCryptoInfoQueryOptions = () =>
  queryOptions({ queryKey: ['crypto', 'info'], queryFn: getCryptoInfo, staleTime: 10 * 60_000 });

/** Chain, network, explorer, confirmations and the coins: they change only with a deployment. */
export const useCryptoInfo = () => useQuery(getCryptoInfoQueryOptions());
