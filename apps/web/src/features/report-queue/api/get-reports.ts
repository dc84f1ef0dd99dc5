import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportList, ReportStatus } from '@app/shared/schemas/chat';
import { PEOPLE_CONTROL_PATHS } from '@app/shared/schemas/people-control';
import { api } from '../../../lib/api-client';

export const REPORTS_PAGE_SIZE = 10;

export interface ReportsFilter {
  status: ReportStatus | null;
  page: number;
}

export const getReportsQueryOptions = ({ status, page }: ReportsFilter) =>
  queryOptions({
    queryKey: ['control', 'reports', status, page],
    queryFn: () =>
      api<ReportList>(PEOPLE_CONTROL_PATHS.reportList, {
        query: { status, offset: page * REPORTS_PAGE_SIZE, limit: REPORTS_PAGE_SIZE },
      }),
  });

/** GET /report/list: the queue, polled so new reports and other staff's decisions show up. */
export const useReports = (filter: ReportsFilter) =>
  useQuery({ ...getReportsQueryOptions(filter), placeholderData: keepPreviousData, refetchInterval: 30_000 });
