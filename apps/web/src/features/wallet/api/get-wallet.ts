import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Wallet } from '@app/shared/schemas/crypto';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

export const getWallet = () => api<Wallet>('/crypto/wallet');

export const getWalletQueryOptions = () =>
  queryOptions({ queryKey: ['crypto', 'wallet'], queryFn: getWallet, staleTime: 15_000 });

/** The caller's balances, deposit address and tokens; disabled for guests. */
export function useWallet() {
  const signedIn = Boolean(useSession()?.token);
  return useQuery({ ...getWalletQueryOptions(), enabled: signedIn });
}
