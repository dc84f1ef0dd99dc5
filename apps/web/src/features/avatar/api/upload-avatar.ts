import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UploadedMedia } from '@app/shared/schemas/media';
import { api } from '../../../lib/api-client';
import { getMeQueryOptions } from '../../session/api/get-me';

const EXTENSIONS: Record<string, string> = { 'image/webp': 'webp', 'image/jpeg': 'jpg', 'image/png': 'png' };

/** POST /api/media: the server makes the photo the avatar and deletes the one it replaces. */
export const uploadAvatar = (image: Blob): Promise<UploadedMedia> => {
  const form = new FormData();
  // Text fields before the file: the server reads the form in order.
  form.append('album', 'profile_photos');
  form.append('files', image, `avatar.${EXTENSIONS[image.type] ?? 'jpg'}`);
  return api<UploadedMedia>('/media', { method: 'POST', body: form });
};

/** Stays pending until the profile is fetched again, so the new avatar is on screen when it settles. */
export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getMeQueryOptions().queryKey }),
  });
}
