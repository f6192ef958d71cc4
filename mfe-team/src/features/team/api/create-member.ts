import type { CreateMemberBody } from '@erp/contracts';
import { api, call } from '@erp/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { teamKeys } from '../../shared/api/team-keys';

export const createMember = (body: CreateMemberBody) => call(api, 'team.create', { body });

export function useCreateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys() }),
  });
}
