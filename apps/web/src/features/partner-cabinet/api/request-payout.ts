import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CPA_PROGRAMME_PATHS, type CpaPayout } from '@app/shared/schemas/cpa-programme';
import { api } from '../../../lib/api-client';
import { getLinksQueryOptions } from './get-links';
import { getRewardsQueryOptions } from './get-rewards';

/** POST /api/cpa/rewards: every approved reward goes to the wallet as one REWARD deposit. */
export const requestPayout = () => api<CpaPayout>(CPA_PROGRAMME_PATHS.rewards, { method: 'POST' });

export function useRequestPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestPayout,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: getRewardsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getLinksQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: ['cpa', 'stats'] }),
      ]);
    },
  });
}
