import { QueryCache, QueryClient } from '@tanstack/react-query';
// The package's own name, not './api-error': this entry ('@erp/sdk/query') is bundled into each remote,
// while '@erp/sdk' is a shared singleton. A relative import would give the remote a second ApiError
// class, `instanceof` would miss the errors the shared client throws, and every 404 was retried twice.
import { ApiError } from '@erp/sdk';

export interface QueryClientOptions {
  /**
   * Called once for each load that failed for good (after its retries) with a server error (5xx):
   * a service that is down, a gateway timeout. The remotes show its message as an error toast, on
   * top of the screen's own error state. 4xx answers are the screens' to explain (not found, denied).
   */
  onServerError?: (error: ApiError) => void;
}

/** A QueryClient with the platform's defaults: no retries on 4xx, no refetch on every focus. */
export function createQueryClient(options: QueryClientOptions = {}): QueryClient {
  const { onServerError } = options;
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (onServerError && error instanceof ApiError && error.status >= 500) onServerError(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
}

/** Query keys start with the module name, so one module's cache can be cleared without touching others. */
export function createQueryKeys<M extends string>(module: M) {
  return <const P extends readonly unknown[]>(...parts: P) => [module, ...parts] as const;
}
