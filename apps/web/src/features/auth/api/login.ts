import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { loginRequestSchema } from '@app/shared/schemas/auth';
import type { AuthRecordResponse } from '@app/shared/schemas/user';
import { api } from '../../../lib/api-client';

export type LoginInput = z.input<typeof loginRequestSchema>;

export const login = (data: LoginInput) => api<AuthRecordResponse>('/user/login', { method: 'POST', body: data });

export const useLogin = () => useMutation({ mutationFn: login });
