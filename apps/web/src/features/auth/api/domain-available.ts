import { queryOptions, useQuery } from '@tanstack/react-query';
import { nicknameSchema } from '@app/shared/validation/rules';
import { api } from '../../../lib/api-client';

export const getDomainAvailable = (domain: string, signal?: AbortSignal) =>
  api<{ available: boolean }>(`/user/domain-available/${encodeURIComponent(domain)}`, { signal });

export const getDomainAvailableQueryOptions = (domain: string) =>
  queryOptions({
    queryKey: ['user', 'domain-available', domain.toLowerCase()],
    queryFn: ({ signal }) => getDomainAvailable(domain, signal),
    staleTime: 10_000,
  });

/** Asks the server only about well-formed nicknames; the caller debounces the value. */
export function useDomainAvailable(domain: string) {
  return useQuery({ ...getDomainAvailableQueryOptions(domain), enabled: nicknameSchema.safeParse(domain).success });
}
