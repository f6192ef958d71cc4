import type { UpdateMemberBody } from '@erp/contracts';
import { api, call } from '@erp/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { teamKeys } from '../../shared/api/team-keys';

export interface UpdateMemberInput {
  id: string;
  /** Carries the version the form was loaded with; a stale one is refused with 409. */
  body: UpdateMemberBody;
}

export const updateMember = ({ id, body }: UpdateMemberInput) =>
  call(api, 'team.update', { params: { id }, body });

export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys() }),
  });
}
