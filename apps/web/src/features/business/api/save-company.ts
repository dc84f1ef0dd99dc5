import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompanyInput, MyCompany } from '@app/shared/schemas/business';
import { api } from '../../../lib/api-client';
import { myCompanyQueryOptions } from './get-company';

/** Adds the company (POST) or saves every field of it (PUT); the answer is the page's new state. */
export function useSaveCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, adding }: { input: CompanyInput; adding: boolean }) =>
      api<MyCompany>('/business/company', { method: adding ? 'POST' : 'PUT', body: input }),
    onSuccess: (data) => queryClient.setQueryData(myCompanyQueryOptions().queryKey, data),
  });
}

export function useRemoveCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<null>('/business/company', { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['business'] }),
  });
}
