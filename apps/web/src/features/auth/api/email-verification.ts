import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CodeSent } from '@app/shared/schemas/auth';
import type { Me } from '@app/shared/schemas/user';
import { api } from '../../../lib/api-client';
import { session } from '../../../lib/session';
import { getMeQueryOptions } from '../../session/api/get-me';

export const sendVerifyCode = () => api<CodeSent>('/user/email/verify/send-code', { method: 'POST' });
// The body form of SPEC.md's /user/email/verify/check/{code}: the code stays out of URLs and logs.
export const checkVerifyCode = (code: string) =>
  api<Me>('/user/email/verify/check', { method: 'POST', body: { code } });

export const useSendVerifyCode = () => useMutation({ mutationFn: sendVerifyCode });

export function useCheckVerifyCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkVerifyCode,
    onSuccess: (me) => {
      session.updateUser(me);
      queryClient.setQueryData(getMeQueryOptions().queryKey, me);
    },
  });
}
