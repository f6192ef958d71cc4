import type { ShellCustomProps } from '@erp/sdk';
import { QueryClientProvider } from '@tanstack/react-query';
import { CurrentUserContext } from './lib/current-user';
import { queryClient } from './lib/query-client';
import { AppRoutes } from './routes/app-routes';

export function Root({ user }: ShellCustomProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <CurrentUserContext.Provider value={user}>
        <AppRoutes />
      </CurrentUserContext.Provider>
    </QueryClientProvider>
  );
}
