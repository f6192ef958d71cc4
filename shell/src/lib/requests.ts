/**
 * The shell's own requests (sign-in, the dashboard counts) without react-query: three calls do not
 * need a cache, and leaving react-query out of the shell's start keeps 13 KB gzipped off every first
 * visit (decision 0012). The remotes, which do need caching, paging and invalidation, use react-query;
 * the shell still provides it to them as a shared singleton, loaded when the first remote mounts.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export interface Action<V, R> {
  run: (
    variables: V,
    handlers?: { onSuccess?: (result: R) => void; onError?: (error: unknown) => void },
  ) => void;
  isPending: boolean;
}

/** A call started by the user (a button): pending while it runs; its answer goes to the handlers while the screen is shown. */
export function useAction<V, R>(call: (variables: V) => Promise<R>): Action<V, R> {
  const [isPending, setPending] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const run = useCallback<Action<V, R>['run']>(
    (variables, handlers = {}) => {
      setPending(true);
      call(variables).then(
        (result) => {
          if (!mounted.current) return;
          setPending(false);
          handlers.onSuccess?.(result);
        },
        (error: unknown) => {
          if (!mounted.current) return;
          setPending(false);
          handlers.onError?.(error);
        },
      );
    },
    [call],
  );
  return { run, isPending };
}

export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  isRefetching: boolean;
  refetch: () => void;
}

/** Data a screen shows, loaded when it mounts; `refetch` tries again and keeps what was shown meanwhile. */
export function useLoad<T>(load: () => Promise<T>): Loaded<T> {
  const [state, setState] = useState<{ data?: T; error?: unknown; loading: boolean }>({ loading: true });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    setState((s) => ({ ...s, loading: true }));
    load().then(
      (data) => current && setState({ data, loading: false }),
      (error: unknown) => current && setState((s) => ({ ...s, error, loading: false })),
    );
    return () => {
      current = false;
    };
  }, [load, attempt]);
  const loaded = state.data !== undefined || state.error !== undefined;
  return {
    data: state.data,
    error: state.error,
    isPending: !loaded,
    isError: !state.loading && state.error !== undefined,
    isRefetching: state.loading && loaded,
    refetch: () => setAttempt((n) => n + 1),
  };
}
