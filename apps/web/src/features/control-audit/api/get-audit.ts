import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AUDIT_PATHS, type AuditPage } from '@app/shared/schemas/audit';
import { api } from '../../../lib/api-client';

/** The list's filters as the API takes them (empty ones left out). */
export interface AuditFilters {
  actor?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  from?: string;
  to?: string;
}

export const getAuditQueryOptions = (filters: AuditFilters, page: { offset: number; limit: number }) => {
  const query = new URLSearchParams({ offset: String(page.offset), limit: String(page.limit) });
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
  return queryOptions({
    queryKey: ['control', 'audit', filters, page],
    queryFn: () => api<AuditPage>(`${AUDIT_PATHS.list}?${query.toString()}`),
  });
};

/** One page of the audit log; the page on screen stays while the next loads. */
export const useAudit = (filters: AuditFilters, page: { offset: number; limit: number }) =>
  useQuery({ ...getAuditQueryOptions(filters, page), placeholderData: keepPreviousData });
