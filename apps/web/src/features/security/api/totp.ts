import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecoveryCodes, StepUpProof, TotpSetup } from '@app/shared/schemas/security';
import { api } from '../../../lib/api-client';
import { getTotpStatusQueryOptions } from '../../../lib/step-up';

export const setupTotp = (stepUp: StepUpProof) =>
  api<TotpSetup>('/user/totp/setup', { method: 'POST', body: { stepUp } });
export const confirmTotp = (code: string) =>
  api<RecoveryCodes>('/user/totp/confirm', { method: 'POST', body: { code } });
export const disableTotp = (stepUp: StepUpProof) =>
  api<{ ok: true }>('/user/totp/disable', { method: 'POST', body: { stepUp } });

/** POST /user/totp/setup, /confirm and /disable; the status refreshes after each. */
export function useTotpMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: getTotpStatusQueryOptions().queryKey });
  return {
    setup: useMutation({ mutationFn: setupTotp }),
    confirm: useMutation({ mutationFn: confirmTotp, onSuccess: refresh }),
    disable: useMutation({ mutationFn: disableTotp, onSuccess: refresh }),
  };
}
