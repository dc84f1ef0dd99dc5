import { useMutation, useQueryClient } from '@tanstack/react-query';
import { REFERRAL_ADMIN_PATHS, type ReferrerChange } from '@app/shared/schemas/referral';
import { api } from '../../../lib/api-client';

/** PUT /referral/referrer/{userId}: a new referrer or none, with the reason for the audit log. */
export const changeReferrer = ({ userId, body }: { userId: number; body: ReferrerChange }) =>
  api(REFERRAL_ADMIN_PATHS.referrer(userId), { method: 'PUT', body });

export function useChangeReferrer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeReferrer,
    // Both people's pages (old and new referrer count their referrals) and the flags list.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['control'] }),
  });
}
