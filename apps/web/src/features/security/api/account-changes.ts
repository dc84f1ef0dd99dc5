import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StepUpProof } from '@app/shared/schemas/security';
import type { Me } from '@app/shared/schemas/user';
import { api } from '../../../lib/api-client';
import { session } from '../../../lib/session';
import { getMeQueryOptions } from '../../session/api/get-me';
import { getSessionsQueryOptions } from '../../sessions/api/get-sessions';

export const changePassword = (body: { password: string; stepUp: StepUpProof }) =>
  api<{ ok: true }>('/user/password/change', { method: 'POST', body });
export const changeEmail = (body: { email: string; stepUp: StepUpProof }) =>
  api<Me>('/user/email/change', { method: 'POST', body });

/** POST /user/password/change: the server ends every other session, so the list is read again. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getSessionsQueryOptions().queryKey }),
  });
}

/** POST /user/email/change: answers the person with the new, unconfirmed address. */
export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeEmail,
    onSuccess: (me) => {
      session.updateUser(me);
      queryClient.setQueryData(getMeQueryOptions().queryKey, me);
    },
  });
}
