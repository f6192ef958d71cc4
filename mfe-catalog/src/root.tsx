import type { ShellCustomProps } from '@erp/sdk';
import { QueryClientProvider } from '@tanstack/react-query';
import { CurrentUserContext } from './lib/current-user';
import { queryClient } from './lib/query-client';
import { RemoteRouter } from '@erp/ui/remote';
import { SECTIONS } from './routes/routes';

export function Root({ user }: ShellCustomProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <CurrentUserContext.Provider value={user}>
        <RemoteRouter sections={SECTIONS} />
      </CurrentUserContext.Provider>
    </QueryClientProvider>
  );
}
