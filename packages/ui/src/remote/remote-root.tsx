/** What every remote renders when the shell mounts it: its query cache, the signed-in member and its routes. */
import type { Member } from '@erp/contracts';
import { createQueryClient } from '@erp/sdk/query';
import { QueryClientProvider } from '@tanstack/react-query';
import { CurrentUserContext } from './current-user';
import { RemoteRouter, type RemoteSection } from './remote-router';

/** One cache per remote (this file is bundled into each remote), kept across its mounts. */
const queryClient = createQueryClient();

export function RemoteRoot({ user, sections }: { user: Member; sections: RemoteSection[] }) {
  return (
    <QueryClientProvider client={queryClient}>
      <CurrentUserContext.Provider value={user}>
        <RemoteRouter sections={sections} />
      </CurrentUserContext.Provider>
    </QueryClientProvider>
  );
}
