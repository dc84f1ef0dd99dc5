import { useMutation } from '@tanstack/react-query';
import type { CodeSent } from '@app/shared/schemas/auth';
import { api } from '../../../lib/api-client';

export const sendRecoveryCode = (email: string) =>
  api<CodeSent>('/user/recovery-password/send-code', { method: 'POST', body: { email } });

export const resetPassword = (data: { email: string; code: string; password: string }) =>
  api<{ ok: true }>('/user/recovery-password/check-code', { method: 'POST', body: data });

export const useSendRecoveryCode = () => useMutation({ mutationFn: sendRecoveryCode });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
