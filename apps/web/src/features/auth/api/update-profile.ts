import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthRecordResponse } from '@app/shared/schemas/user';
import { api } from '../../../lib/api-client';
import { session } from '../../../lib/session';
import { getMeQueryOptions } from '../../session/api/get-me';

/** Profile fields as typed in the form (the birthday as DD.MM.YYYY); the server checks them again. */
export interface ProfileUpdateInput {
  firstName?: string;
  lastName?: string;
  surName?: string;
  domain?: string;
  gender?: 0 | 1;
  birthday?: string;
  phone?: string;
  country?: string;
}

export const updateProfile = (data: ProfileUpdateInput) =>
  api<AuthRecordResponse>('/user/profile-update', { method: 'POST', body: data });

/** SPEC.md section 4: a profile update logs in anew with the answered auth record. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (record) => {
      session.save(record);
      queryClient.setQueryData(getMeQueryOptions().queryKey, record.user);
    },
  });
}
