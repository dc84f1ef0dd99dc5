import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { loginRequestSchema } from '@app/shared/schemas/auth';
import type { AuthRecordResponse } from '@app/shared/schemas/user';
import { api } from '../../../lib/api-client';
import { session } from '../../../lib/session';

export type LoginInput = z.input<typeof loginRequestSchema>;

/** POST /api/user/login, the same call as the auth screen's: the cabinet signs in where it stands. */
export const login = (data: LoginInput) => api<AuthRecordResponse>('/user/login', { method: 'POST', body: data });

export function useCabinetLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: async (record) => {
      session.save(record);
      await queryClient.invalidateQueries();
    },
  });
}
