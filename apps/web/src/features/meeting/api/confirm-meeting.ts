import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MeetingView } from '@app/shared/schemas/meet';
import { api } from '../../../lib/api-client';
import { getMeetingQueryOptions } from './get-meeting';
import { isMeetingView } from '../lib/is-meeting-view';

export const confirmMeeting = (peerId: number, code: string) =>
  api<MeetingView | undefined>(`/meet/meetings/${peerId}/confirm`, { method: 'POST', body: { code } });

/** POST /meet/meetings/:peerId/confirm with the code on the peer's screen (scanned or typed). */
export function useConfirmMeeting(peerId: number) {
  const queryClient = useQueryClient();
  const { queryKey } = getMeetingQueryOptions(peerId);
  return useMutation({
    mutationFn: (code: string) => confirmMeeting(peerId, code),
    onSuccess: (view) => {
      if (isMeetingView(view)) queryClient.setQueryData(queryKey, view);
      else void queryClient.invalidateQueries({ queryKey });
    },
  });
}
