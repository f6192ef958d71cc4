import type { CreateMemberBody, MemberResponse } from '@erp/contracts';
import { api } from '@erp/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { teamKeys } from './team-keys';

export const createMember = (body: CreateMemberBody) => api.post<MemberResponse>('/auth/createTeam', body);

export function useCreateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys() }),
  });
}
