import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { CodeSent } from '@app/shared/schemas/auth';
import type { TotpStatus } from '@app/shared/schemas/security';
import { api, ApiError } from './api-client';

/** GET /user/totp: whether the step-up asks for the authenticator's code (decision 020). */
export const getTotpStatus = () => api<TotpStatus>('/user/totp');
export const getTotpStatusQueryOptions = () => queryOptions({ queryKey: ['user', 'totp'], queryFn: getTotpStatus });
export const useTotpStatus = () => useQuery(getTotpStatusQueryOptions());

/** POST /user/step-up/send-code: a one-time code to the person's e-mail instead of the password. */
export const sendStepUpCode = () => api<CodeSent>('/user/step-up/send-code', { method: 'POST' });
export const useSendStepUpCode = () => useMutation({ mutationFn: sendStepUpCode });

export const STEP_UP_ERRORS = ['STEP_UP_REQUIRED', 'STEP_UP_INVALID', 'STEP_UP_TOTP_REQUIRED'] as const;

/** Whether an answer is about the step-up proof, so it belongs under the proof's field. */
export const isStepUpError = (error: unknown): error is ApiError =>
  error instanceof ApiError && (STEP_UP_ERRORS as readonly string[]).includes(error.code);
