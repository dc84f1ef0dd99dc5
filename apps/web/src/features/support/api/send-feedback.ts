import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { feedbackRequestSchema } from '@app/shared/schemas/auth';
import { api } from '../../../lib/api-client';

export type FeedbackRequest = z.input<typeof feedbackRequestSchema>;

/** POST /user/email/feedback/: the message goes to the support inbox with a reply-to of the sender. */
export const sendFeedback = (data: FeedbackRequest) =>
  api<{ ok: true }>('/user/email/feedback/', { method: 'POST', body: data });

export const useSendFeedback = () => useMutation({ mutationFn: sendFeedback });
