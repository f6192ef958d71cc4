/** What every remote renders when the shell mounts it: its query cache, the signed-in member and its routes. */
import type { Member } from '@erp/contracts';
import { createQueryClient } from '@erp/sdk/query';
import { QueryClientProvider } from '@tanstack/react-query';
import { CurrentUserContext } from './current-user';
import { RemoteRouter, type RemoteSection } from './remote-router';
import { toastServerError } from './server-error-toast';

/**
 * One cache per remote (this file is bundled into each remote), kept across its mounts. A load that
 * fails with a server error (a service down: 503) also shows the server's message as a toast.
 */
export const queryClient = createQueryClient({ onServerError: (error) => toastServerError(error.message) });

export function RemoteRoot({ user, sections }: { user: Member; sections: RemoteSection[] }) {
  return (
    <QueryClientProvider client={queryClient}>
      <CurrentUserContext.Provider value={user}>
        <RemoteRouter sections={sections} />
      </CurrentUserContext.Provider>
    </QueryClientProvider>
  );
}
