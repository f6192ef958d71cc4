import type { CreateIndentBody, IndentResponse, UpdateIndentBody } from '@erp/contracts';
import { api, call } from '@erp/sdk';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { indentKeys } from '../../shared/api/indent-keys';

/** POST /indent: a new indent, as a draft or sent for comparison. */
export const createIndent = (body: CreateIndentBody) => call(api, 'indent.create', { body });

export interface UpdateIndentInput {
  id: string;
  /** Carries the version the form was loaded with; a stale one is refused with 409. */
  body: UpdateIndentBody;
}

/** PUT /indent/{id}: a draft's whole form again. */
export const updateIndent = ({ id, body }: UpdateIndentInput) =>
  call(api, 'indent.update', { params: { id }, body });

/** The answer's indent goes into the cache (its page opens at once) and every other indent query is refreshed. */
function saved(queryClient: QueryClient) {
  return async ({ indent }: IndentResponse) => {
    const key = indentKeys('indent', indent._id);
    queryClient.setQueryData(key, indent);
    await queryClient.invalidateQueries({
      queryKey: indentKeys(),
      predicate: (query) => JSON.stringify(query.queryKey) !== JSON.stringify(key),
    });
  };
}

export function useCreateIndent() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createIndent, onSuccess: saved(queryClient) });
}

export function useUpdateIndent() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateIndent, onSuccess: saved(queryClient) });
}
