import { useMutation } from '@tanstack/react-query';
import type { UploadedMedia } from '@app/shared/schemas/media';
import { api } from '../../../lib/api-client';

/** POST /api/media into album channel_photos: a logo or photo the company form then names. */
export const uploadPhoto = (file: File): Promise<UploadedMedia> => {
  const form = new FormData();
  // Text fields before the file: the server reads the form in order.
  form.append('album', 'channel_photos');
  form.append('files', file, file.name);
  return api<UploadedMedia>('/media', { method: 'POST', body: form });
};

export const useUploadPhoto = () => useMutation({ mutationFn: uploadPhoto });
