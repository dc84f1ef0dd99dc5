import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffAccess, StaffProveRequest } from '@app/shared/schemas/security';
import { api } from '../../../lib/api-client';

/** GET /user/staff-access: what the admin area asks of this sign-in (decision 029). */
export const staffAccessQueryOptions = () =>
  queryOptions({
    queryKey: ['user', 'staff-access'],
    queryFn: () => api<StaffAccess>('/user/staff-access'),
  });
export const useStaffAccess = () => useQuery(staffAccessQueryOptions());

/** POST /user/staff-access: a code from the app (or a recovery code) for this sign-in. */
export function useProveStaffAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (proof: StaffProveRequest) => api<StaffAccess>('/user/staff-access', { method: 'POST', body: proof }),
    onSuccess: (access) => queryClient.setQueryData(staffAccessQueryOptions().queryKey, access),
  });
}
