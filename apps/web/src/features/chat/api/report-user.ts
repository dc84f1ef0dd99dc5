import { useMutation } from '@tanstack/react-query';
import type { ReportCreated, ReportRequest } from '@app/shared/schemas/chat';
import { api } from '../../../lib/api-client';

export const reportUser = (request: ReportRequest) => api<ReportCreated>('/report', { method: 'POST', body: request });

/** POST /report: stored for the moderators' list. */
export const useReportUser = () => useMutation({ mutationFn: reportUser });
