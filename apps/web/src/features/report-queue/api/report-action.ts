import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Report } from '@app/shared/schemas/chat';
import { PEOPLE_CONTROL_PATHS, type ReportAction } from '@app/shared/schemas/people-control';
import { api } from '../../../lib/api-client';

/** POST /report/{id}/{assign|dismiss|warn|block} with the staff member's reason. */
export const reportAction = ({ id, action, reason }: { id: number; action: ReportAction; reason?: string }) =>
  api<Report>(PEOPLE_CONTROL_PATHS.reportAction(id, action), { method: 'POST', body: reason ? { reason } : {} });

export function useReportAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportAction,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['control', 'reports'] }),
  });
}
