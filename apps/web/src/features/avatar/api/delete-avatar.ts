import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getMeQueryOptions } from '../../session/api/get-me';

/** DELETE /api/media/{id}: the photo leaves the profile and its files are removed. */
export const deleteAvatar = (mediaId: number) => api<void>(`/media/${mediaId}`, { method: 'DELETE' });

export function useDeleteAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAvatar,
    // Also after a failure: a 404 means the photo is already gone, and the profile should show that.
    onSettled: () => queryClient.invalidateQueries({ queryKey: getMeQueryOptions().queryKey }),
  });
}
