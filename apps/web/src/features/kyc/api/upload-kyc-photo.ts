import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UploadedMedia } from '@app/shared/schemas/media';
import type { KycPhotoStep } from '@app/shared/schemas/kyc';
import { api } from '../../../lib/api-client';
import { getKycApplicationQueryOptions } from './get-kyc-application';

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

export interface KycPhotoUpload {
  step: KycPhotoStep;
  photo: Blob;
  applicationId: number | null;
}

/** POST /api/media with album `kyc`: the photo of one step; a second upload replaces the first. */
export const uploadKycPhoto = ({ step, photo, applicationId }: KycPhotoUpload): Promise<UploadedMedia> => {
  const form = new FormData();
  // Text fields before the file: the server reads the form in order.
  form.append('album', 'kyc');
  form.append('step', step);
  if (applicationId !== null) form.append('targetId', String(applicationId));
  form.append('files', photo, `${step}.${EXTENSIONS[photo.type] ?? 'jpg'}`);
  return api<UploadedMedia>('/media', { method: 'POST', body: form });
};

/** Settles once the application is fetched again, so the step shows its new state when it does. */
export function useUploadKycPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadKycPhoto,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getKycApplicationQueryOptions().queryKey }),
  });
}
