import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useModerationUpdate } from './use-moderation-update';

/** PUT /api/kyc/moderate/{id}/note {internalNote}: the staff-only note, without a decision. */
export const saveKycNote = ({ id, internalNote }: { id: number; internalNote: string }) =>
  api<unknown>(`/kyc/moderate/${id}/note`, { method: 'PUT', body: { internalNote } });

export function useSaveKycNote() {
  const update = useModerationUpdate();
  return useMutation({ mutationFn: saveKycNote, onSuccess: (_, { id }) => update.stale(id) });
}
