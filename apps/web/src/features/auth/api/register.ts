import { useMutation } from '@tanstack/react-query';
import type { AuthRecordResponse } from '@app/shared/schemas/user';
import { api } from '../../../lib/api-client';

export interface RegisterInput {
  email: string;
  password: string;
  promocode?: string;
  locale?: string;
}

export const register = (data: RegisterInput) =>
  api<AuthRecordResponse>('/user/register', { method: 'POST', body: data });

export const useRegister = () => useMutation({ mutationFn: register });
