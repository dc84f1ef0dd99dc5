import { useQuery } from '@tanstack/react-query';
import type { CpaLinkList } from '@app/shared/schemas/cpa';
import { api } from '../../../lib/api-client';

/** GET /api/cpa/links {userId}: a partner's links with their traffic (admins). */
export const usePartnerLinks = (userId: number) =>
  useQuery({
    queryKey: ['cpa', 'control', 'links', userId],
    queryFn: () => api<CpaLinkList>('/cpa/links', { query: { userId } }),
  });
