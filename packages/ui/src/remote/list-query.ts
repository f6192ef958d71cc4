import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';

/** The `limit` and `offset` of page `page` (from 1; anything else reads as 1) of a list asked `size` rows at a time. */
export function pageWindow(page: number, size: number): { limit: number; offset: number } {
  return { limit: size, offset: (Math.max(1, Math.floor(page) || 1) - 1) * size };
}

/**
 * A filter's query parameter (`?status=`) as one of `choices` (values, or tabs and options with a
 * `value`; with `anyCase`, in any case), else undefined: the caller names its default
 * (`parseChoice(raw, TABS) ?? 'all'`).
 */
export function parseChoice<T extends string>(
  value: string | null,
  choices: readonly (T | { value: T })[],
  { anyCase = false }: { anyCase?: boolean } = {},
): T | undefined {
  if (!value) return undefined;
  const spell = (text: string) => (anyCase ? text.toLowerCase() : text);
  const wanted = spell(value);
  const values = choices.map((choice) => (typeof choice === 'string' ? choice : choice.value));
  return values.find((choice) => spell(choice) === wanted);
}

/**
 * The hook of a list's query: `key` names the cache entry of the params and `fetch` asks the
 * server. While the next page or search loads, the current rows stay on screen (keepPreviousData);
 * `enabled` false asks nothing (a member without access).
 */
export function listQueryHook<P, R>(
  key: (params: P) => QueryKey,
  fetch: (params: P, signal?: AbortSignal) => Promise<R>,
) {
  return function useList(params: P, enabled = true) {
    return useQuery({
      queryKey: key(params),
      queryFn: ({ signal }) => fetch(params, signal),
      placeholderData: keepPreviousData,
      enabled,
    });
  };
}
