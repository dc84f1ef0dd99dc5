import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PEOPLE_CONTROL_PATHS, type SetRoleRequest } from '@app/shared/schemas/people-control';
import { api } from '../../../lib/api-client';

type Action =
  | { kind: 'block' | 'unblock'; id: number; reason: string }
  | { kind: 'role'; id: number; body: SetRoleRequest }
  | { kind: 'icon'; id: number };

/** Block, unblock, set the role, or grant an ICON token (the market's admin call). */
export const personAction = (action: Action) => {
  switch (action.kind) {
    case 'block':
      return api(PEOPLE_CONTROL_PATHS.block(action.id), { method: 'POST', body: { reason: action.reason } });
    case 'unblock':
      return api(PEOPLE_CONTROL_PATHS.unblock(action.id), { method: 'POST', body: { reason: action.reason } });
    case 'role':
      return api(PEOPLE_CONTROL_PATHS.role(action.id), { method: 'PUT', body: action.body });
    case 'icon':
      return api('/crypto/admin/icon', { method: 'POST', body: { userId: action.id } });
  }
};

export function usePersonAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: personAction,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['control'] }),
  });
}
